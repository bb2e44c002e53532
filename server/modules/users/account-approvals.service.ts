import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { realUser, type Actor, type Principal } from '../../core/actor';
import { conflict, notFound } from '../../core/app-error';
import { MSG } from '../../../contracts/messages';
import type { CreateUserRequest } from '../../../contracts/admin';
import { findUserByEmail, insertUser, updateUser, type UserRow } from './users.repo';
import { displayName, generateUserId } from './users.service';
import { PAYOUT_FIELDS, PAYOUT_LABELS, hasChanges, payoutChangesOf, payoutStamp, shownPayoutValue, type PayoutChanges } from './payout-details';
import { deleteUserSessions } from '../auth';
import { clearTwoFactorFor } from '../auth';
import { markCustody } from '../custody';
import { issueToken } from '../auth';
import { isUniqueViolation } from '../auth';
import { queueMail } from '../mail';
import { audit } from '../audit';
import { payloadKind, requestApproval } from '../approvals';
import { snapshot, tellOfAdminChanges, withPayout, type UserWithPayout } from './admin-changes';
import { NO_PAYOUT_DETAILS, payoutDetailsOfMany, savePayoutDetails, type PayoutDetails } from './payout-details.repo';

/**
 * Maker-checker for accounts (issue 13): an admin's change of a member's payout details, a user made admin (or
 * founder), and a new admin account each wait for a second admin (approvals.service.ts decides them). The rest of
 * the same edit applies at once.
 */

const ROLE_LABELS: Record<string, string> = { admin: 'Admin', user: 'Member', founder: 'Founder', mini_franchise: 'Mini Franchise', basic_franchise: 'Basic Franchise' };
const roleLabel = (r: string | null | undefined) => (r ? (ROLE_LABELS[r] ?? r) : null);
/** A kind's answers: MSG's `<change>Approved` and `<change>OwnRequest`, and the common rejection. */
const messagesOf = (change: 'payoutChange' | 'roleChange' | 'adminInvite' | 'credentialChange') => ({
  approved: MSG[`${change}Approved`],
  rejected: MSG.approvalRejected,
  ownRequest: MSG[`${change}OwnRequest`],
});
/** Roles that only a second admin grants. */
export const GUARDED_ROLES = ['admin', 'founder'];

/**
 * The audit row of an approved change of `target`'s account (its state before and after, the fields, the request and
 * who asked), and the fields for the approval's own audit row.
 */
async function auditApprovedChange(
  tx: DbOrTx,
  actor: Actor,
  row: { id: string; requestedBy: string | null },
  action: string,
  states: { target: UserRow; before: UserWithPayout; after: UserWithPayout },
  fields: string[],
) {
  await audit(tx, actor, {
    entityType: 'user',
    entityId: states.target.id,
    action,
    previousState: snapshot(states.before),
    newState: snapshot(states.after),
    changes: { fields, approvalId: row.id, requestedBy: row.requestedBy },
  });
  return { audit: { fields } };
}

// ---- payout details ----

interface PayoutPayload {
  changes: PayoutChanges;
}
const payoutFieldsOf = (c: PayoutChanges) => PAYOUT_FIELDS.filter((f) => f in c);

export const payoutDetailsKind = payloadKind<PayoutPayload>('payout_details', 'payout_details', messagesOf('payoutChange'), {
  targetDetails: payoutDetailsOfMany,
  describe({ changes }, target, details) {
    const fields = payoutFieldsOf(changes);
    const current = target ? ((details as PayoutDetails | undefined) ?? NO_PAYOUT_DETAILS) : undefined;
    return {
      summary: `Change of payout details (${fields.map((f) => PAYOUT_LABELS[f]).join(', ')})`,
      changes: fields.map((f) => ({ field: f, label: PAYOUT_LABELS[f], from: shownPayoutValue(f, current?.[f]), to: shownPayoutValue(f, changes[f]) })),
    };
  },
  async apply(ctx, tx, actor, payload, row, { target }) {
    if (!target) throw notFound(MSG.approvalNotFound);
    // Only what still differs (the member may have made the same change meanwhile): nothing left, nothing to do.
    const before = await withPayout(tx, target);
    const changes = payoutChangesOf(before, payload.changes);
    if (!hasChanges(changes)) return { audit: { fields: [] } };
    const after = { ...before, ...(await savePayoutDetails(tx, target.id, { ...changes, ...payoutStamp(changes, ctx.clock.now()) })) };
    await tellOfAdminChanges(ctx, tx, before, after, false);
    // Neither admin who set where the money goes approves it going there for 30 days (issue 29).
    if (row.requestedBy) await markCustody(ctx, tx, row.requestedBy, target.id, 'payout_changed');
    await markCustody(ctx, tx, realUser(actor).id, target.id, 'payout_changed');
    return auditApprovedChange(tx, actor, row, 'user.payout_details_change', { target, before, after }, payoutFieldsOf(changes));
  },
});

/** Stores an admin's change of `target`'s payout details for a second admin; nothing of it is applied yet. */
export async function requestPayoutChange(ctx: AppContext, tx: DbOrTx, actor: Actor, target: UserRow, changes: PayoutChanges) {
  const fields = payoutFieldsOf(changes);
  const { view } = await requestApproval(ctx, tx, actor, payoutDetailsKind, {
    payload: { changes } satisfies PayoutPayload,
    target,
    notice: {
      title: 'Payout details change awaiting approval',
      message: `${displayName(realUser(actor))} asked to change the payout details of ${displayName(target)} (${target.userId}): ${fields.map((f) => PAYOUT_LABELS[f]).join(', ')}.`,
    },
    auditState: { userId: target.userId, fields },
  });
  return view;
}

// ---- role changes ----

interface RolePayload {
  role: string;
  from: string;
}

export const roleChangeKind = payloadKind<RolePayload>('role_change', 'role_change', messagesOf('roleChange'), {
  describe: (p, target) => ({
    summary: `Role change: ${roleLabel(p.from)} → ${roleLabel(p.role)}`,
    changes: [{ field: 'role', label: 'Role', from: roleLabel(target?.role ?? p.from), to: roleLabel(p.role) }],
  }),
  async apply(ctx, tx, actor, p, row, { target }) {
    if (!target) throw notFound(MSG.approvalNotFound);
    if (target.id === realUser(actor).id) throw conflict('You cannot change your own role.');
    if (target.role !== p.from) throw conflict(MSG.roleChangedMeanwhile);
    if (p.role === 'admin' && (target.parentId || target.placedAt)) throw conflict('A member placed in the tree cannot become an admin.');
    const after = (await updateUser(tx, target.id, { role: p.role }))!;
    // A new role starts with a new sign-in.
    await deleteUserSessions(tx, target.id);
    await audit(tx, actor, {
      entityType: 'user',
      entityId: target.id,
      action: 'user.role_change',
      previousState: { role: target.role },
      newState: { role: after.role },
      changes: { approvalId: row.id, requestedBy: row.requestedBy },
    });
    return { audit: { role: p.role } };
  },
});

/** Stores a change of `target`'s role to admin or founder for a second admin. */
export async function requestRoleChange(ctx: AppContext, tx: DbOrTx, actor: Actor, target: UserRow, role: string) {
  const { view } = await requestApproval(ctx, tx, actor, roleChangeKind, {
    payload: { role, from: target.role } satisfies RolePayload,
    target,
    notice: {
      title: 'Role change awaiting approval',
      message: `${displayName(realUser(actor))} asked to give ${displayName(target)} (${target.userId}) the ${roleLabel(role)} role.`,
    },
    auditState: { userId: target.userId, from: target.role, role },
  });
  return view;
}

// ---- new admin accounts ----

type InviteInput = Pick<z.output<typeof CreateUserRequest>, 'firstName' | 'lastName' | 'email' | 'mobile' | 'role'>;

/** The invited account and its invitation mail (7 days), in the caller's transaction; `invitedBy` signs the mail. */
export async function createInvitedUser(ctx: AppContext, tx: DbOrTx, actor: Actor, input: InviteInput, invitedBy: Principal) {
  const created = await insertUser(tx, {
    userId: await generateUserId(ctx, tx),
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    mobile: input.mobile ?? null,
    role: input.role,
    status: 'invited',
    emailVerified: false,
    firstLogin: false,
    password: null,
  }).catch((err) => {
    if (isUniqueViolation(err)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
    throw err;
  });
  const token = await issueToken(ctx, tx, { email: created.email, userId: created.id, type: 'invitation', ip: actor.ip ?? undefined });
  await queueMail(ctx, tx, created.email, {
    template: 'invitation',
    params: { name: displayName(created), invitedBy: displayName(invitedBy), link: `${ctx.config.appUrl}/complete-invitation?token=${token}` },
  });
  await audit(tx, actor, { entityType: 'user', entityId: created.id, action: 'user.create', newState: snapshot({ ...created, ...NO_PAYOUT_DETAILS }) });
  return created;
}

type InvitePayload = Omit<InviteInput, 'role'>;

export const adminInviteKind = payloadKind<InvitePayload>('admin_invite', 'admin_invite', messagesOf('adminInvite'), {
  describe: (p) => ({
    summary: `New admin account for ${[p.firstName, p.lastName].join(' ')} (${p.email})`,
    changes: [
      { field: 'role', label: 'Role', from: null, to: 'Admin' },
      { field: 'name', label: 'Name', from: null, to: [p.firstName, p.lastName].join(' ') },
      { field: 'email', label: 'Email', from: null, to: p.email },
    ],
  }),
  async apply(ctx, tx, actor, p, _row, { requester }) {
    if (await findUserByEmail(tx, p.email)) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
    const created = await createInvitedUser(ctx, tx, actor, { ...p, role: 'admin' }, requester ?? realUser(actor));
    ctx.kickMail();
    return { answer: { user: { id: created.id, userId: created.userId } }, audit: { userId: created.userId } };
  },
});

/** Stores a new admin account for a second admin; nothing is created and no mail is sent until it is approved. */
export async function requestAdminInvite(ctx: AppContext, tx: DbOrTx, actor: Actor, input: InvitePayload) {
  const payload: InvitePayload = { firstName: input.firstName, lastName: input.lastName, email: input.email, mobile: input.mobile ?? undefined };
  const { view } = await requestApproval(ctx, tx, actor, adminInviteKind, {
    payload,
    target: null,
    notice: { title: 'New admin account awaiting approval', message: `${displayName(realUser(actor))} asked to invite ${input.firstName} ${input.lastName} (${input.email}) as an admin.` },
    auditState: { email: input.email },
  });
  return view;
}

// ---- an admin's or founder's sign-in (issue 29) ----

/** What a credential change sets; the password and PIN only as their hashes (the payload is sealed too). */
export interface CredentialPayload {
  email?: string;
  passwordHash?: string;
  txnPinHash?: string;
  twoFactorReset?: boolean;
}

const credentialLabels = (p: CredentialPayload) => [
  ...(p.email ? ['email'] : []),
  ...(p.passwordHash ? ['password'] : []),
  ...(p.txnPinHash ? ['TXN PIN'] : []),
  ...(p.twoFactorReset ? ['two-factor sign-in'] : []),
];
export const hasCredentialChange = (p: CredentialPayload) => credentialLabels(p).length > 0;

/**
 * No admin changes another admin's or a founder's password, email, PIN or two-factor alone (issue 29): the change is
 * a request that a third person approves, never the requester (approvals.service) and never the target (idem). When
 * nobody is left to approve, `npm run admin:recover` on the server resets the account.
 */
export const credentialChangeKind = payloadKind<CredentialPayload>('credential_change', 'credential_change', messagesOf('credentialChange'), {
  describe: (p, target) => ({
    summary: `Sign-in change (${credentialLabels(p).join(', ')})`,
    changes: [
      ...(p.email ? [{ field: 'email', label: 'Email', from: target?.email ?? null, to: p.email }] : []),
      ...(p.passwordHash ? [{ field: 'password', label: 'Password', from: null, to: 'A temporary password (changed at the next sign-in)' }] : []),
      ...(p.txnPinHash ? [{ field: 'txnPin', label: 'TXN PIN', from: null, to: 'A new PIN' }] : []),
      ...(p.twoFactorReset ? [{ field: 'twoFactor', label: 'Two-factor sign-in', from: 'On', to: 'Reset (set up again at the next sign-in)' }] : []),
    ],
  }),
  async apply(ctx, tx, actor, p, row, { target }) {
    if (!target) throw notFound(MSG.approvalNotFound);
    if (p.email && p.email !== target.email) {
      const other = await findUserByEmail(tx, p.email);
      if (other && other.id !== target.id) throw conflict(MSG.duplicateEmail, 'DUPLICATE_EMAIL');
    }
    const now = ctx.clock.now();
    const before = await withPayout(tx, target);
    const after = {
      ...before,
      ...(await updateUser(tx, target.id, {
        ...(p.email ? { email: p.email } : {}),
        ...(p.passwordHash ? { password: p.passwordHash, firstLogin: true, passwordChangedAt: now } : {}),
        ...(p.txnPinHash ? { txnPin: p.txnPinHash } : {}),
      }))!,
    };
    if (p.twoFactorReset && target.twoFactorEnabledAt) await clearTwoFactorFor(ctx, tx, actor, after, 'approved sign-in change');
    await deleteUserSessions(tx, target.id);
    await tellOfAdminChanges(ctx, tx, before, after, Boolean(p.passwordHash));
    return auditApprovedChange(tx, actor, row, 'user.credential_change', { target, before, after }, credentialLabels(p));
  },
});

/** Stores a change of an admin's or founder's sign-in for a third person; nothing of it is applied yet. */
export async function requestCredentialChange(ctx: AppContext, tx: DbOrTx, actor: Actor, target: UserRow, payload: CredentialPayload) {
  const { view } = await requestApproval(ctx, tx, actor, credentialChangeKind, {
    payload,
    target,
    notice: {
      title: 'Sign-in change awaiting approval',
      message: `${displayName(realUser(actor))} asked to change the ${credentialLabels(payload).join(', ')} of ${displayName(target)} (${target.userId}, ${roleLabel(target.role)}).`,
    },
    auditState: { userId: target.userId, fields: credentialLabels(payload) },
  });
  return view;
}
