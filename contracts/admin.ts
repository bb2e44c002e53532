import { z } from 'zod';
import { MSG } from './messages';
import { ROLES, USER_STATUSES, KYC_STATUSES } from './enums';
import { emailField, passwordField, requiredText, blankToUndefined } from './fields';
import { IFSC_RE, MOBILE_RE } from './profile';
import { ApprovalView } from './approvals';
import { bankAccountFields, memberAccountFields } from './answer-fields';
import { decimal, id, instant, pageOf } from './route-contract';

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess((v) => (v === 'all' ? undefined : blankToUndefined(v)), z.enum(values).optional());
/** A real calendar day: 2021-02-30 or 2021-13-01 would otherwise roll over into another day. */
const isRealDay = (v: string) => {
  const [y, m, d] = v.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
};
const isoDate = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates are written YYYY-MM-DD' })
    .refine(isRealDay, { error: 'That date does not exist' })
    .optional(),
);

export const ADMIN_USER_SORTS = ['registrationDate', 'activationDate', 'userId', 'name', 'packageAmount'] as const;
export const SEARCH_TYPES = ['name', 'id', 'bv', 'rank'] as const;

/** The advanced search of document 2 §2.3, served by the server with keyset pagination. */
export const AdminUserSearchQuery = z.object({
  query: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  searchType: z.preprocess(blankToUndefined, z.enum(SEARCH_TYPES).default('name')),
  status: optionalEnum(USER_STATUSES),
  role: optionalEnum(ROLES),
  kycStatus: optionalEnum(KYC_STATUSES),
  dateFilterType: z.preprocess(blankToUndefined, z.enum(['registration', 'activation']).default('registration')),
  dateFrom: isoDate,
  dateTo: isoDate,
  timezone: z.preprocess(blankToUndefined, z.string().max(64).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(ADMIN_USER_SORTS).default('registrationDate')),
  dir: z.preprocess(blankToUndefined, z.enum(['asc', 'desc']).default('desc')),
  // A name cursor carries up to 161 characters of any script (3 bytes each in UTF-8), base64url-encoded.
  cursor: z.preprocess(blankToUndefined, z.string().max(1000).optional()),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminUserSearchQuery = z.input<typeof AdminUserSearchQuery>;

export const AdminUserRow = z.strictObject({
  ...memberAccountFields,
  totalBV: decimal,
  sponsorUserId: z.string().nullable(),
  packageAmount: decimal.nullable(),
  cryptoWalletAddress: z.string().nullable(),
  /** The account number masked to its last 4 digits. */
  ...bankAccountFields,
  walletBalance: decimal,
  totalEarnings: decimal,
  totalWithdrawals: decimal,
  withdrawStatus: z.string().nullable(),
  /** Never the secret: whether a password is set and whether it is a temporary one. */
  passwordState: z.enum(['set', 'temporary', 'none']),
  txnPinSet: z.boolean(),
  bankComplete: z.boolean(),
  hasTreePosition: z.boolean(),
  registrationDate: instant,
  activationDate: instant.nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminUserPage = pageOf(AdminUserRow);
export type AdminUserPage = z.infer<typeof AdminUserPage>;

/** PUT /api/users/:userId: the member's public user ID. */
export const UserDisplayIdParam = z.object({ userId: z.string().trim().min(1).max(16) });
/** ?timezone= of the dashboards' day and month boundaries (an IANA zone; UTC when absent). */
export const TimeZoneQuery = z.object({ timezone: z.string().max(64).optional().default('UTC') });

export const UserStatusRequest = z.object({ status: z.enum(['active', 'inactive'], { error: 'Status must be active or inactive' }) });

const optionalMoney = z.preprocess(
  blankToUndefined,
  z
    .union([z.number(), z.string()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, { error: 'Package amount must be a number with at most 2 decimals' }))
    .optional(),
);

/** Edit User Details (document 2 §5): a blank password or PIN keeps the current one. */
export const AdminUserEditRequest = z.object({
  id: z.unknown().optional(),
  firstName: requiredText(MSG.firstNameRequired, 80),
  lastName: requiredText(MSG.lastNameRequired, 80),
  email: emailField(),
  mobile: z.preprocess(blankToUndefined, z.string().trim().regex(MOBILE_RE, { error: MSG.mobilePattern }).optional()),
  txnPin: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{4,6}$/, { error: 'TXN PIN must be 4 to 6 digits' })
      .optional(),
  ),
  packageAmount: optionalMoney,
  cryptoWalletAddress: z.preprocess(blankToUndefined, z.string().trim().max(120).optional()),
  // Bank payout details: blank keeps the current value, as does the masked number shown (•••4455). A change of these
  // or of the wallet address waits for a second admin (issue 13); the other fields apply at once.
  bankName: z.preprocess(blankToUndefined, z.string().trim().max(120, { error: 'At most 120 characters' }).optional()),
  bankAccountNumber: z.preprocess(
    (v) => (typeof v === 'string' && v.includes('•') ? undefined : blankToUndefined(v)),
    z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, { error: 'Bank account number must be 6 to 20 digits' })
      .optional(),
  ),
  bankIFSC: z.preprocess((v) => (typeof v === 'string' ? blankToUndefined(v.trim().toUpperCase()) : v), z.string().regex(IFSC_RE, { error: MSG.ifscPattern }).optional()),
  bankAccountHolderName: z.preprocess(blankToUndefined, z.string().trim().max(120, { error: 'At most 120 characters' }).optional()),
  status: z.enum(['active', 'inactive', 'pending'], { error: 'Status must be active, inactive or pending' }),
  password: z.preprocess(blankToUndefined, passwordField().optional()),
});
export type AdminUserEditRequest = z.input<typeof AdminUserEditRequest>;

/** The members dialog: names and email required; role user or admin; status required. */
export const MemberEditRequest = z.object({
  firstName: requiredText(MSG.firstNameRequired, 80),
  lastName: requiredText(MSG.lastNameRequired, 80),
  email: emailField(),
  role: z.enum(['user', 'admin'], { error: 'Role must be user or admin' }),
  status: z.enum(['active', 'inactive', 'pending'], { error: 'Status must be active, inactive or pending' }),
});
export type MemberEditRequest = z.input<typeof MemberEditRequest>;

/** POST /api/users: the account is created as invited and an invitation mail is queued. */
export const CreateUserRequest = z.object({
  firstName: requiredText(MSG.firstNameRequired, 80),
  lastName: requiredText(MSG.lastNameRequired, 80),
  email: emailField(),
  mobile: z.preprocess(blankToUndefined, z.string().trim().regex(MOBILE_RE, { error: MSG.mobilePattern }).optional()),
  role: z.enum(['user', 'admin'], { error: 'Role must be user or admin' }).default('user'),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

export const FreeUsersQuery = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export const TodayJoiningsQuery = z.object({
  timezone: z.preprocess(blankToUndefined, z.string().max(64).default('UTC')),
  t: z.unknown().optional(),
});
export const ExportQuery = AdminUserSearchQuery.omit({ cursor: true, limit: true }).extend({
  format: z.preprocess(blankToUndefined, z.enum(['csv', 'xlsx']).default('csv')),
  scope: z.preprocess(blankToUndefined, z.enum(['all', 'free']).default('all')),
});

export const KycReviewRequest = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    rejectionReason: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  })
  .refine((v) => v.status !== 'rejected' || Boolean(v.rejectionReason), { message: 'Rejection reason is required.', path: ['rejectionReason'] });
export type KycReviewRequest = z.input<typeof KycReviewRequest>;

export const AdminKycQuery = z.object({ status: z.preprocess(blankToUndefined, z.enum(KYC_STATUSES).default('pending')) });

export const AuditLogQuery = z.object({
  actor: z.preprocess(blankToUndefined, z.string().trim().max(254).optional()),
  action: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
  entityType: z.preprocess(blankToUndefined, z.string().trim().max(40).optional()),
  dateFrom: isoDate,
  dateTo: isoDate,
  timezone: z.preprocess(blankToUndefined, z.string().max(64).optional()),
  cursor: z.preprocess(blankToUndefined, z.string().max(300).optional()),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const CannotLoginMessage = (status: string) => `Cannot login as user with status: ${status}. Only active users can be logged into.`;

/** How far the volume applier is behind (the dashboard's Volume engine card; the same figures are at /metrics). */
export const VolumeEngineStatus = z.strictObject({
  pending: z.number().int(),
  /** Entries set aside after failing alone (ADR 0029), not counted in `pending`: an admin retries or settles each. */
  quarantined: z.number().int(),
  oldestPendingSeconds: z.number(),
  eventsPerSecond: z.number(),
});
export type VolumeEngineStatus = z.infer<typeof VolumeEngineStatus>;

/** Texts of the journal quarantine and parked jobs (issue 33). */
export const QUARANTINE_MSG = {
  entryNotFound: 'No quarantined journal entry with this number',
  jobNotFound: 'No parked job with this id',
  settleReason: 'Give the reason for settling this entry (at least 10 characters)',
  retried: 'The entry is back in the journal: the next batch applies it',
  settled: 'The entry is settled: marked applied without being applied',
  jobRetried: 'The job is queued again',
} as const;

/** A journal entry's number (volume_events id). */
export const JournalEntryParam = z.object({ id: z.string().regex(/^\d{1,18}$/, { error: QUARANTINE_MSG.entryNotFound }) });
export const JobIdParam = z.object({ id: z.uuid({ error: QUARANTINE_MSG.jobNotFound }) });

/** POST /api/admin/volume/quarantine/:id/settle: why the entry is marked applied without being applied (audited). */
export const SettleEntryInput = z.object({
  reason: z.string({ error: QUARANTINE_MSG.settleReason }).trim().min(10, { error: QUARANTINE_MSG.settleReason }).max(500, { error: QUARANTINE_MSG.settleReason }),
});
export type SettleEntryInput = z.infer<typeof SettleEntryInput>;

/** A journal entry set aside after failing alone, with its error. */
export const QuarantinedEntry = z.strictObject({
  id: z.string(),
  kind: z.enum(['purchase', 'placement', 'activity', 'reversal']),
  memberId: id,
  purchaseId: id.nullable(),
  returnId: id.nullable(),
  bv: decimal,
  occurredAt: instant,
  quarantinedAt: instant,
  error: z.string(),
});
export type QuarantinedEntry = z.infer<typeof QuarantinedEntry>;
/** GET /api/admin/volume/quarantine: the oldest 100 quarantined entries and how many there are. */
export const QuarantineList = z.strictObject({ total: z.number().int(), entries: z.array(QuarantinedEntry) });
export type QuarantineList = z.infer<typeof QuarantineList>;

/** A one-off job parked after failing MAX_JOB_ATTEMPTS times in a row, with its last error. */
export const ParkedJob = z.strictObject({
  id,
  key: z.string(),
  name: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  lastRunAt: instant.nullable(),
  parkedAt: instant,
});
export type ParkedJob = z.infer<typeof ParkedJob>;
export const ParkedJobList = z.strictObject({ items: z.array(ParkedJob) });
export type ParkedJobList = z.infer<typeof ParkedJobList>;

/** GET /api/admin/stats */
export const AdminStatsResponse = z.strictObject({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  pendingKYC: z.number().int(),
  withdrawalRequests: z.number().int(),
  totalBV: decimal,
  /** Income paid this month: the net (after admin charge and TDS) of the cycles posted since the month began. */
  monthlyIncome: decimal,
  /** Sales this month: the totals of the purchases completed since the month began. */
  monthlySales: decimal,
  franchiseRequests: z.number().int(),
  actionsRequired: z.array(z.strictObject({ key: z.string(), label: z.string(), count: z.number().int(), section: z.string() })),
  volume: VolumeEngineStatus,
});
export type AdminStatsResponse = z.infer<typeof AdminStatsResponse>;

/** GET /api/users/stats: member counts for the Members page. */
export const UserCounts = z.strictObject({
  total: z.number().int(),
  active: z.number().int(),
  pending: z.number().int(),
  inactive: z.number().int(),
  invited: z.number().int(),
  kycApproved: z.number().int(),
  kycPending: z.number().int(),
  kycRejected: z.number().int(),
  free: z.number().int(),
  activatedToday: z.number().int(),
});
export type UserCounts = z.infer<typeof UserCounts>;

/** GET /api/users/free-users: members without a package; `matching` of `total` match the search. */
export const FreeUsersResponse = z.strictObject({ items: z.array(AdminUserRow), matching: z.number().int(), total: z.number().int() });
export type FreeUsersResponse = z.infer<typeof FreeUsersResponse>;
/** GET /api/users/today-joinings: members activated today in the given time zone. */
export const TodayJoiningsResponse = z.strictObject({ date: z.iso.date(), timezone: z.string(), items: z.array(AdminUserRow) });
export type TodayJoiningsResponse = z.infer<typeof TodayJoiningsResponse>;

/** An admin's edit: applied (200), or with a payout or role change waiting for a second admin (202, with the request). */
export const UserUpdated = z.strictObject({ message: z.string(), id });
export const UserChangeRequested = z.strictObject({ message: z.string(), id, approval: ApprovalView });
export const UserStatusChanged = z.strictObject({ message: z.string(), id, status: z.string() });
/** POST /api/users: the invited account (201), or a new admin waiting for a second admin (202). */
export const UserCreated = z.strictObject({ message: z.string(), id, userId: z.string() });
/** An impersonation code for the admin's own browser, and the address that opens it. */
export const LoginAsUserResponse = z.strictObject({ message: z.string(), code: z.string(), url: z.string() });
export const ImpersonateResponse = z.strictObject({ message: z.string(), code: z.string(), redirectUrl: z.string() });

/** Users Activities: one audit row with who acted (and for whom, under impersonation). */
export const AuditEntry = z.strictObject({
  id,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  actorId: z.string().nullable(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
  onBehalfOfUserId: z.string().nullable(),
  previousState: z.unknown(),
  newState: z.unknown(),
  changes: z.unknown(),
  reason: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: instant,
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;
