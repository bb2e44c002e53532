/** The auth module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { assertPasswordFor, isUniqueViolation } from './auth.service';
export { requireStepUp } from './identity';
export { deleteUserSessions } from './session.repo';
export { issueToken, useToken } from './tokens.service';
export { clearTwoFactorFor } from './two-factor.service';
export { IDENTITY_CHANNEL, keepIdentities } from './identity-cache';
