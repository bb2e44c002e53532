export { CURRENT_USER_KEY, fetchCurrentUser, homePathOf, isPendingStatus, isFranchiseRole, takePageUser } from './current-user-data';
export { useCurrentUser, useSignedInUser } from './current-user';
export { SwitchUserContext, useSwitchUser, type SwitchUser } from './switch-user-context';
export { useLogout, stopImpersonating } from './logout';
export { AccountDetailsCard, KycStatusCard, SecurityCard } from './account-overview';
export { ROLE_LABELS, STATUS_LABELS, KYC_STATUS_LABELS } from './labels';
export { sessionSwitch, switchUser } from './session-switch';
