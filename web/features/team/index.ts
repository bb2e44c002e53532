export { MyTeamPage } from './my-team-page';
export { useTeamStats } from './api';
export { ReferralLinkForm } from './admin/referral-link-form';
