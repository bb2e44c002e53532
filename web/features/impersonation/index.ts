export { exchangeImpersonationCode } from './exchange';
export { ImpersonationBanner } from './impersonation-banner';
