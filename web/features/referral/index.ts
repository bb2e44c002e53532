export { ReferralRegisterPage } from './referral-register-page';
