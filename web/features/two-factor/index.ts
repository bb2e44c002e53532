export { TwoFactorCard, TWO_FACTOR_KEY } from './two-factor-card';
