/** The agreement feature's face (issue 32): the joining forms' consent block and its query. */
export { AgreementConsent } from './agreement-consent';
export { useCurrentAgreement } from './current-agreement';
export { AgreementDownloadCard } from './agreement-download-card';
