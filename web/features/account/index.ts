export { CURRENT_USER_KEY, fetchCurrentUser, useCurrentUser, useSignedInUser, homePathOf, isPendingStatus, isFranchiseRole } from './current-user';
export { useLogout, stopImpersonating } from './logout';
export { AccountDetailsCard, KycStatusCard, SecurityCard } from './account-overview';
export { ROLE_LABELS, STATUS_LABELS, KYC_STATUS_LABELS } from './labels';
export { sessionSwitch, switchUser } from './session-switch';
