/** The users module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export {
  PAYOUT_FIELDS,
  PAYOUT_LABELS,
  activeHoldEnd,
  bankChanged,
  bankVerificationOf,
  hasBank,
  hasChanges,
  payoutChangesOf,
  payoutHoldEnd,
  payoutStamp,
  payoutTime,
  shownPayoutValue,
} from './payout-details';
export type { PayoutChanges } from './payout-details';
export { NO_PAYOUT_DETAILS, findPayoutDetails, payoutDetailsOfMany, savePayoutDetails } from './payout-details.repo';
export type { PayoutDetails, PayoutDetailsValues } from './payout-details.repo';
export { findPrincipalById, findRootFounder, findUserByEmail, findUserById, findUserFields, findUserByLogin, findUserByUserId, insertUser, lockPan, panHolders, updateUser } from './users.repo';
export { currentUserColumns, currentUserPayoutJoin } from './users.repo';
export type { UserRow, CurrentUserRow } from './users.repo';
export { currentUserOf, currentUserView, displayName, generateUserId, maskEmail, splitFullName } from './users.service';
