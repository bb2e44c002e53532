/** The referral module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { createReferralLink } from './referral.service';
