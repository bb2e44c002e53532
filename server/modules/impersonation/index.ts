/** The impersonation module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { issueImpersonationCode, revoke } from './impersonation.service';
