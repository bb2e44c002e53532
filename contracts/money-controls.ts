import type { ApiKey } from './api/index';

/**
 * The money-control matrix (issue 29): every route that creates, moves or pays out money, or changes who gets paid or
 * who can sign in, with who may start it, who must approve it, its limits, step-up, audit entry and who is told.
 * Written once, here: the server enforces `stepUp: 'always'` from this table (server/http/routes.ts), the OpenAPI
 * document carries each row, docs/security/money-controls.md is generated from it (`npm run docs:controls`), and
 * tests/integration/money-controls.test.ts fails when a route that moves money or credentials has no row.
 */
export type ControlKind = 'money' | 'payout' | 'credentials' | 'role';

export interface MoneyControl {
  /** What the route does, in a few words. */
  action: string;
  kind: ControlKind;
  /** Who may start it. */
  starts: string;
  /** Who must approve it before it takes effect, and who may not. */
  approves: string;
  limits: string;
  /**
   * 'always': the route asks for the second factor given within 5 minutes (enforced for every such row in one
   * place, http/routes.ts); 'conditional': the handler asks when `stepUpWhen` holds; 'none': no second factor.
   */
  stepUp: 'always' | 'conditional' | 'none';
  stepUpWhen?: string;
  /** The audit_log actions it writes. */
  audit: string;
  /** Who is told, and how. */
  told: string;
}

const SECOND = 'a second admin (Fund Approvals), never the requester';
const ADMINS = 'admin (two-factor on)';

export const MONEY_CONTROLS: Partial<Record<ApiKey, MoneyControl>> = {
  // ---- money in and out of wallets ----
  'POST /api/admin/send-fund': {
    action: 'Send Fund credit or debit',
    kind: 'money',
    starts: ADMINS,
    approves: `none up to SEND_FUND_APPROVAL_ABOVE and within the 24-hour totals; above either, ${SECOND}`,
    limits:
      'one credit or debit above SEND_FUND_APPROVAL_ABOVE (₹50,000), or unilateral credits in any 24 hours above SEND_FUND_ADMIN_DAILY_LIMIT per admin or SEND_FUND_MEMBER_DAILY_LIMIT per member (each the single-credit threshold by default), wait for a second admin; a debit never overdraws',
    stepUp: 'always',
    audit: 'fund.credit / fund.debit, or fund.approval_requested',
    told: 'the member (notification); every admin when it waits',
  },
  'POST /api/admin/approvals/:id/approve': {
    action: 'Approve a maker-checker request (Send Fund, payout details, role, new admin, sign-in change, adjustment)',
    kind: 'money',
    starts: ADMINS,
    approves: 'this is the approval: never by its requester, and a sign-in change never by its target',
    limits: 'a debit the balance no longer covers is refused and stays pending',
    stepUp: 'always',
    audit: '<kind>.approval_approved and the applied change',
    told: 'the requester (notification); the member for money and account changes',
  },
  // ---- returns (docs/spec/returns.md §2) ----
  'POST /api/admin/returns/:id/refund': {
    action: 'Refund a returned sale (to the wallet, or recorded as paid outside) and issue its credit note',
    kind: 'money',
    starts: ADMINS,
    approves: `the return's approval before it: above RETURN_APPROVAL_ABOVE (₹50,000) ${SECOND}; never the admin who created the return`,
    limits: 'an approved or received return, refunded once; the amount fixed at the request from the invoice; a wallet purchase back to the wallet only',
    stepUp: 'always',
    audit: 'return.refund',
    told: 'the buyer (notification and mail)',
  },
  'POST /api/admin/returns/:id/approve': {
    action: "Approve a return (its BV leaves the upline's legs)",
    kind: 'money',
    starts: ADMINS,
    approves: `none up to RETURN_APPROVAL_ABOVE; above it ${SECOND}; never the admin who created the return`,
    limits: 'a requested return, approved once',
    stepUp: 'none',
    audit: 'return.approve, or return.approval_requested',
    told: 'the buyer (notification and mail); every admin when it waits',
  },
  'POST /api/admin/fund-requests/:id/approve': {
    action: 'Approve a member’s wallet top-up',
    kind: 'money',
    starts: ADMINS,
    approves: 'this is the approval; never the member’s own',
    limits: 'FUND_REQUEST_MAX_AMOUNT per request and FUND_REQUEST_DAILY_LIMIT per member per day, checked when asked',
    stepUp: 'always',
    audit: 'fund_request.approve',
    told: 'the member (notification and mail)',
  },
  'POST /api/fund-requests': {
    action: 'A member asks for a wallet top-up (bank transfer or UPI with proof)',
    kind: 'money',
    starts: 'the member (not under impersonation)',
    approves: 'an admin (Fund Requests)',
    limits: 'FUND_REQUEST_MAX_AMOUNT per request, FUND_REQUEST_DAILY_LIMIT per day',
    stepUp: 'none',
    audit: 'fund_request.create',
    told: 'every admin (notification)',
  },
  'POST /api/admin/approve-withdrawal/:id': {
    action: 'Approve a withdrawal (money leaves)',
    kind: 'money',
    starts: ADMINS,
    approves:
      'this is the approval: never the member, never the admin who created it, never an admin who in the last 30 days approved the member’s registration, credited them (Send Fund or fund request), changed their email, password or payout details, or opened their account; the first withdrawal never by the admin who approved the account',
    limits: 'only to the profile’s verified payout details, 24 hours after any change of them or of the email by an admin',
    stepUp: 'always',
    audit: 'withdrawal.approve',
    told: 'the member (notification)',
  },
  'POST /api/admin/reject-withdrawal/:id': {
    action: 'Reject a withdrawal (the amount returns to the wallet)',
    kind: 'money',
    starts: ADMINS,
    approves: 'none (money stays in)',
    limits: 'a pending withdrawal only; the credit back is made once',
    stepUp: 'none',
    audit: 'withdrawal.reject',
    told: 'the member (notification)',
  },
  'POST /api/admin/reactivate-withdrawal/:id': {
    action: 'Reconsider a rejected withdrawal (debits again)',
    kind: 'money',
    starts: ADMINS,
    approves: 'approval as any withdrawal',
    limits: 'refused when the balance no longer covers it',
    stepUp: 'none',
    audit: 'withdrawal.reactivate',
    told: 'the member (notification)',
  },
  'POST /api/admin/withdraw-personally': {
    action: 'Withdraw Personally (an admin makes a member’s withdrawal)',
    kind: 'money',
    starts: ADMINS,
    approves: 'approval as any withdrawal, by an admin other than the one who made it',
    limits: 'to the profile’s verified payout details only, 24 hours after any change',
    stepUp: 'always',
    audit: 'withdrawal.create_for_user',
    told: 'the member (notification); every admin (work to review)',
  },
  'POST /api/withdrawals': {
    action: 'A member’s withdrawal request',
    kind: 'money',
    starts: 'the member with approved KYC (not under impersonation)',
    approves: 'an admin, as above',
    limits: 'to the profile’s verified payout details only, 24 hours after any change of them or of the email by an admin; never below zero',
    stepUp: 'none',
    audit: 'withdrawal.request',
    told: 'every admin (notification)',
  },
  'POST /api/purchases': {
    action: 'A member’s purchase (wallet debit, BV)',
    kind: 'money',
    starts: 'the member (not under impersonation)',
    approves: 'none; other methods wait for an admin to mark them paid',
    limits: 'never below zero; totals computed by the server',
    stepUp: 'none',
    audit: 'purchase.wallet',
    told: 'the member (notification)',
  },
  'PATCH /api/admin/purchases/:id': {
    action: 'Mark an order paid (BV to the upline) or change its delivery',
    kind: 'money',
    starts: ADMINS,
    approves: 'none; the income it earns passes a cycle’s two admins',
    limits: 'pending -> completed or failed once; BV credited once',
    stepUp: 'none',
    audit: 'purchase.update',
    told: 'the member (notification)',
  },
  'POST /api/franchise/local-sales': {
    action: 'A franchise counter sale (completed purchase with BV for a member)',
    kind: 'money',
    starts: 'the franchise holder (not under impersonation)',
    approves: 'none; paid at the counter, stock leaves through the stock ledger',
    limits: 'never more than the franchise’s stock',
    stepUp: 'none',
    audit: 'local_sale.create',
    told: 'the buyer (notification)',
  },
  'POST /api/admin/stock-requests/:id/dispatch': {
    action: 'Dispatch stock to a franchise',
    kind: 'money',
    starts: ADMINS,
    approves: 'the franchise confirms receipt before it enters its stock',
    limits: 'approved quantities only',
    stepUp: 'none',
    audit: 'stock_request.dispatch',
    told: 'the franchise holder (notification)',
  },
  // ---- compensation ----
  'POST /api/admin/compensation/adjustments': {
    action: 'A compensation adjustment (income added or taken in the next pairing cycle)',
    kind: 'money',
    starts: ADMINS,
    approves: `none up to ADJUSTMENT_APPROVAL_ABOVE (₹10,000); above it ${SECOND}`,
    limits: 'at most ADJUSTMENT_MAX_AMOUNT (₹1,00,000); a reason of at least 5 characters',
    stepUp: 'always',
    audit: 'adjustment.created, or comp_adjustment.approval_requested',
    told: 'every admin when it waits',
  },
  'POST /api/admin/compensation/cycles/:id/calculate': {
    action: 'Calculate a payout cycle',
    kind: 'money',
    starts: ADMINS,
    approves: 'the cycle’s approval, by another admin',
    limits: 'a closed cycle, with the active plan version',
    stepUp: 'none',
    audit: 'cycle.calculated',
    told: '—',
  },
  'POST /api/admin/compensation/cycles/:id/approve': {
    action: 'Approve a calculated cycle',
    kind: 'money',
    starts: ADMINS,
    approves: 'this is the approval: never the admin who calculated it or who created an adjustment in it',
    limits: 'a calculated cycle',
    stepUp: 'always',
    audit: 'cycle.approved',
    told: '—',
  },
  'POST /api/admin/compensation/cycles/:id/post': {
    action: 'Post an approved cycle (income to the wallets)',
    kind: 'money',
    starts: ADMINS,
    approves: 'never the admin who calculated it or who created an adjustment in it',
    limits: 'the oldest unposted approved cycle; each member once',
    stepUp: 'always',
    audit: 'cycle.posted',
    told: 'each member paid (notification)',
  },
  'POST /api/admin/compensation/plans/:id/activate': {
    action: 'Activate a plan version',
    kind: 'money',
    starts: ADMINS,
    approves: 'none; a version applies to cycles from its effective date',
    limits: 'a draft; effective from a future cycle start',
    stepUp: 'always',
    audit: 'plan.activated',
    told: '—',
  },
  // ---- who gets paid ----
  'PUT /api/user/profile': {
    action: 'A member changes their own profile, payout details among them',
    kind: 'payout',
    starts: 'the member (not under impersonation)',
    approves: 'none; withdrawals wait 24 hours after a change of payout details',
    limits: 'bank account verified again by KYC after a change',
    stepUp: 'none',
    audit: 'user.payout_details_change',
    told: 'the member (notification and mail)',
  },
  'POST /api/referral/complete-registration': {
    action: 'Registration through a referral link (payout details given here)',
    kind: 'payout',
    starts: 'the recruit',
    approves: 'the upline’s side, then an admin (never the link’s owner)',
    limits: 'payout details given here start the 24-hour hold',
    stepUp: 'none',
    audit: 'recruit.approve at the approval',
    told: 'the upline (notification)',
  },
  'POST /api/admin/pending-recruits/:id/approve': {
    action: 'Approve a registration (the member becomes active; KYC decision)',
    kind: 'payout',
    starts: 'admin or founder',
    approves: 'this is the approval: never the recruiter; the approver may not approve the member’s withdrawals for 30 days nor ever the first',
    limits: '—',
    stepUp: 'none',
    audit: 'recruit.approve',
    told: 'the recruiter and the upline (notification); the member (mail)',
  },
  // ---- who can sign in, and as what ----
  'PATCH /api/admin/users/:id': {
    action: 'Edit a user: email, password, PIN, status, payout details',
    kind: 'credentials',
    starts: ADMINS,
    approves: 'a member’s payout details: a second admin; an admin’s or founder’s email, password or PIN: a third person, never the requester or the target',
    limits: 'an admin’s change of a member’s email starts the 24-hour hold on withdrawals and password resets',
    stepUp: 'conditional',
    stepUpWhen: 'the password, PIN or email changes, or the target is an admin or founder',
    audit: 'user.edit, user.payout_details_change, credential_change.approval_requested',
    told: 'the user (notification; mail to the old and the new address)',
  },
  'PUT /api/users/:userId': {
    action: 'Edit a user by user ID (the same edit)',
    kind: 'credentials',
    starts: ADMINS,
    approves: 'as PATCH /api/admin/users/:id',
    limits: 'as PATCH /api/admin/users/:id',
    stepUp: 'conditional',
    stepUpWhen: 'as PATCH /api/admin/users/:id',
    audit: 'user.edit',
    told: 'the user (notification and mail)',
  },
  'PATCH /api/users/:id': {
    action: 'Edit a member: name, email, role, status',
    kind: 'role',
    starts: ADMINS,
    approves: 'the admin or founder role: a second admin; an admin’s or founder’s email: a third person, never the target',
    limits: 'no own role change; tree members never admins',
    stepUp: 'conditional',
    stepUpWhen: 'the role or the email changes',
    audit: 'user.update, role_change.approval_requested',
    told: 'the user (notification and mail)',
  },
  'PATCH /api/admin/users/:id/status': {
    action: 'Block or activate a user',
    kind: 'credentials',
    starts: ADMINS,
    approves: 'none',
    limits: 'never one’s own account; only accounts activated once',
    stepUp: 'conditional',
    stepUpWhen: 'the target is an admin or founder',
    audit: 'user.block / user.activate',
    told: '—',
  },
  'POST /api/users': {
    action: 'Create a user (invitation)',
    kind: 'credentials',
    starts: ADMINS,
    approves: 'a new admin account: a second admin',
    limits: '—',
    stepUp: 'conditional',
    stepUpWhen: 'the role is admin',
    audit: 'user.create, admin_invite.approval_requested',
    told: 'the invitee (mail)',
  },
  'DELETE /api/users/:id': {
    action: 'Delete a user',
    kind: 'credentials',
    starts: ADMINS,
    approves: 'none',
    limits: 'only users without a tree position, ledger rows or purchases; never one’s own',
    stepUp: 'none',
    audit: 'user.delete',
    told: '—',
  },
  'POST /api/admin/users/:id/two-factor/reset': {
    action: 'Reset another user’s two-factor (lost phone)',
    kind: 'credentials',
    starts: ADMINS,
    approves: 'a member’s: none; an admin’s or founder’s: a third person, never the requester or the target (or npm run admin:recover on the server)',
    limits: 'never one’s own',
    stepUp: 'always',
    audit: 'two_factor.reset, credential_change.approval_requested',
    told: 'the user (notification and mail)',
  },
  'PATCH /api/admin/franchise-requests/:id': {
    action: 'Decide a franchise request (approval makes the member a franchise holder)',
    kind: 'role',
    starts: ADMINS,
    approves: 'none',
    limits: 'a pending request',
    stepUp: 'conditional',
    stepUpWhen: 'the request is approved (a role change)',
    audit: 'franchise.approve / franchise.reject',
    told: 'the member (notification)',
  },
  'POST /api/founder/create-hidden-id': {
    action: 'A founder creates a hidden ID (a member account)',
    kind: 'credentials',
    starts: 'the founder (not under impersonation)',
    approves: 'none',
    limits: 'at most 20 per founder',
    stepUp: 'none',
    audit: 'founder.hidden_id',
    told: 'the new account (invitation mail)',
  },
  'POST /api/admin/login-as-user/:id': {
    action: 'Login as user: a code to open a member’s account read-only',
    kind: 'credentials',
    starts: 'admin or founder (a founder within their own tree)',
    approves: 'none; the session is read-only, never an admin or founder, and bars that admin from approving the member’s withdrawals for 30 days',
    limits: 'code 60 s, token 30 min, exchanged only in the issuer’s own signed-in browser',
    stepUp: 'none',
    audit: 'impersonation.issue, impersonation.exchange',
    told: 'the member (notification)',
  },
  'POST /api/admin/impersonate/:id': {
    action: 'Login as user (the same code, older address)',
    kind: 'credentials',
    starts: 'admin or founder',
    approves: 'as POST /api/admin/login-as-user/:id',
    limits: 'as POST /api/admin/login-as-user/:id',
    stepUp: 'none',
    audit: 'impersonation.issue',
    told: 'the member (notification)',
  },
  'POST /api/auth/change-password': {
    action: 'Change one’s own password',
    kind: 'credentials',
    starts: 'the user with the current password (not under impersonation)',
    approves: 'none',
    limits: '5 wrong current passwords per 15 minutes',
    stepUp: 'none',
    audit: 'user.password_change',
    told: 'the user (mail)',
  },
  'POST /api/auth/reset-password': {
    action: 'Reset a forgotten password by the mailed link',
    kind: 'credentials',
    starts: 'whoever holds the link (1 hour, single use)',
    approves: 'none',
    limits: 'no link is sent within 24 hours of an admin’s change of the email',
    stepUp: 'none',
    audit: 'user.password_reset',
    told: 'the user (mail)',
  },
  'POST /api/auth/two-factor/enable': {
    action: 'Turn on one’s own two-factor (forced for admins and founders)',
    kind: 'credentials',
    starts: 'the user with the first code of the new secret (not under impersonation)',
    approves: 'none',
    limits: 'a set-up lives 15 minutes',
    stepUp: 'none',
    audit: 'two_factor.enable',
    told: 'the user (notification and mail)',
  },
  'POST /api/auth/complete-invitation': {
    action: 'Set the first password of an invited account',
    kind: 'credentials',
    starts: 'whoever holds the invitation (7 days, single use)',
    approves: 'an invited member then waits for an admin; a new admin account was approved by a second admin before its invitation',
    limits: 'the password rules of the role',
    stepUp: 'none',
    audit: 'user.invitation_complete',
    told: 'the user (mail)',
  },
  'POST /api/auth/two-factor/disable': {
    action: 'Turn off one’s own two-factor (members only)',
    kind: 'credentials',
    starts: 'the member with password and a code',
    approves: 'none',
    limits: 'admins and founders cannot',
    stepUp: 'none',
    audit: 'two_factor.disable',
    told: 'the user (notification and mail)',
  },
};

/**
 * Write routes that move no money and change no one's sign-in or payout, each with why. Together with MONEY_CONTROLS
 * every write route of the contract is classified; a new one fails the completeness test until it is placed here or there.
 */
export const OUTSIDE_MONEY_CONTROLS: Partial<Record<ApiKey, string>> = {
  'POST /api/login': 'signs in; lockout and rate limits in the Security rules',
  'POST /api/returns': 'asks for a return of one’s own sale: nothing moves until an admin approves and refunds (docs/spec/returns.md §2)',
  'POST /api/admin/returns': 'opens a return for a sale: nothing moves until another admin approves it and it is refunded',
  'POST /api/admin/returns/:id/reject': 'refuses a return: nothing moves',
  'POST /api/admin/returns/:id/receive': 'goods back into stock through the stock ledger; no money moves',
  'POST /api/login/two-factor': 'the second step of sign-in',
  'POST /api/logout': 'ends one’s own session',
  'POST /api/auth/forgot-password': 'mails a reset link to the address on file; same answer for every email',
  'POST /api/auth/signup': 'creates a registered account without payout details; an admin approves it',
  'POST /api/auth/verify-email': 'confirms one’s own email',
  'POST /api/auth/validate-invitation': 'reads an invitation',
  'POST /api/impersonation/exchange': 'turns the issuer’s code into the read-only token (the issue is controlled)',
  'POST /api/impersonation/revoke': 'ends an impersonation',
  'POST /api/auth/two-factor/setup': 'starts one’s own enrolment',
  'POST /api/auth/two-factor/step-up': 'proves the second factor again',
  'POST /api/auth/two-factor/recovery-codes': 'new recovery codes for oneself, with a code',
  'POST /api/kyc/upload': 'one’s own document, reviewed by someone else',
  'PUT /api/kyc/:documentId': 'replaces one’s own rejected document',
  'PATCH /api/admin/kyc/:documentId': 'reviews a document (never one’s own); payout goes only to an account its cheque verified',
  'POST /api/notifications/:id/read': 'one’s own notification',
  'POST /api/notifications/read-all': 'one’s own notifications',
  'POST /api/upline/pending-recruits/:id/decide': 'chooses a recruit’s side',
  'POST /api/team/recruit': 'a referral link; the recruit is approved by an admin who is not its owner',
  'POST /api/founder/network-override/:id': 'moves a recruit not placed yet',
  'POST /api/founder/network-override/hidden-ids/:id': 'moves a hidden ID without downline or volume',
  'DELETE /api/admin/pending-recruits/:id': 'rejects a registration',
  'POST /api/referral/generate': 'an admin’s referral link; its recruits are approved by another reviewer',
  'POST /api/admin/approvals/:id/reject': 'refuses a request; nothing is applied',
  'POST /api/admin/fund-requests/:id/reject': 'refuses a top-up; nothing is credited',
  'POST /api/admin/news': 'an announcement',
  'PATCH /api/admin/news/:id': 'an announcement',
  'POST /api/support-tickets': 'a support ticket',
  'PATCH /api/admin/support-tickets/:id': 'a ticket’s status',
  'POST /api/support-tickets/:id/replies': 'a ticket reply',
  'POST /api/admin/support-tickets/:id/replies': 'a ticket reply',
  'POST /api/franchise-requests': 'asks for a franchise; an admin decides with step-up',
  'POST /api/admin/products': 'the catalog (prices apply to later purchases)',
  'PATCH /api/admin/products/:id': 'the catalog (prices apply to later purchases)',
  'POST /api/admin/products/:id/images': 'product pictures',
  'PUT /api/admin/products/:id/images/order': 'product pictures',
  'DELETE /api/admin/products/:id/images/:imageId': 'product pictures',
  'POST /api/admin/compensation/plans': 'a draft plan; nothing pays until activated with step-up',
  'PUT /api/admin/compensation/plans/:id': 'a draft plan; nothing pays until activated with step-up',
  'POST /api/admin/compensation/cycles/close': 'closes the period; nothing pays until calculated, approved and posted',
  'POST /api/admin/compensation/simulate': 'a what-if; writes only its own result',
  'POST /api/admin/compensation/simulations': 'a what-if; writes only its own result',
  'PUT /api/admin/settings/branding': 'the company’s name, logo and colour',
  'POST /api/franchise/stock-requests': 'asks for stock; an admin approves and dispatches',
  'POST /api/franchise/stock-requests/:id/receive': 'confirms a dispatched delivery into the franchise’s own stock',
  'POST /api/admin/stock-requests/:id/approve': 'approves quantities; nothing moves until dispatch',
  'POST /api/admin/stock-requests/:id/reject': 'refuses a stock request',
  'POST /api/franchise/customers': 'a counter customer’s contact details',
  'POST /api/franchise/customers/:id/invite': 'a referral link for a customer',
};

/**
 * Impersonation is read-only by construction (issue 29): under an impersonation token every write route is refused
 * unless it is listed here, with the reason it may run. Keep it empty but for what ends or proves the impersonation.
 */
export const IMPERSONATION_WRITES_ALLOWED: Partial<Record<ApiKey, string>> = {
  'POST /api/impersonation/revoke': 'ends the impersonation itself (the admin’s "Back to admin")',
  'POST /api/logout': 'with an impersonation token it revokes that token only; the admin’s own session stays',
  'POST /api/impersonation/exchange': 'the issuing admin opens a new impersonation in a tab that still holds an earlier token; it needs the admin’s own session',
};

/** What an admin did to a member that bars them from approving the member's withdrawals (custody_marks.kind). */
export const CUSTODY_KINDS = [
  'registration_approved',
  'send_fund_credit',
  'send_fund_requested',
  'send_fund_approved',
  'fund_request_approved',
  'email_changed',
  'password_changed',
  'payout_changed',
  'impersonated',
] as const;
export type CustodyKind = (typeof CUSTODY_KINDS)[number];

/** Days an admin's touch bars them from approving the member's withdrawals. */
export const CUSTODY_DAYS = 30;

export const CUSTODY_MSG = {
  reasons: {
    registration_approved: 'approved this member’s registration',
    send_fund_credit: 'credited this member by Send Fund',
    send_fund_requested: 'asked for a Send Fund credit to this member',
    send_fund_approved: 'approved a Send Fund credit to this member',
    fund_request_approved: 'approved this member’s fund request',
    email_changed: 'changed this member’s email',
    password_changed: 'set this member’s password',
    payout_changed: 'changed this member’s payout details',
    impersonated: 'opened this member’s account with Login as user',
  } satisfies Record<CustodyKind, string>,
  barred: (reason: string, on: string) =>
    `You cannot approve this withdrawal: you ${reason} on ${on}. An admin who has not handled this member’s account or money in the last ${CUSTODY_DAYS} days must approve it.`,
  firstWithdrawal: 'You cannot approve this withdrawal: it is the member’s first, and you approved their account. Another admin must approve it.',
  createdIt: 'You cannot approve this withdrawal: you created it with Withdraw Personally. Another admin must approve it.',
  adminTotal: (total: string, limit: string) => `Sent for approval. Your Send Fund credits in the last 24 hours (${total}) with this one would pass ${limit}; another admin must approve it.`,
  memberTotal: (total: string, limit: string) => `Sent for approval. This member’s Send Fund credits in the last 24 hours (${total}) with this one would pass ${limit}; another admin must approve it.`,
} as const;
