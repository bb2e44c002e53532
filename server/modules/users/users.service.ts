import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../context';
import type { CurrentUser } from '../../../contracts/auth';
import { maskTail } from '../../../contracts/kyc';
import { randomDigits } from '../../lib/crypto';
import { userIdExists, type UserRow } from './users.repo';

/** Public id: the configured two-letter prefix and 7 random digits, never sequential (decisions.md §2). */
export async function generateUserId(ctx: AppContext, db: DbOrTx): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `${ctx.config.userIdPrefix}${randomDigits(7)}`;
    if (!(await userIdExists(db, candidate))) return candidate;
  }
  throw new Error('could not find a free user id');
}

export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

export const displayName = (u: Pick<UserRow, 'firstName' | 'lastName' | 'userId'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.userId;

export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return email;
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The signed-in user as the screens see it: no secrets, identity numbers masked (decisions.md §7); `admin` is the one impersonating them. */
export function toCurrentUser(u: UserRow, admin?: UserRow): CurrentUser {
  return {
    id: u.id,
    userId: u.userId,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    mobile: u.mobile,
    address: u.address,
    city: u.city,
    state: u.state,
    pincode: u.pincode,
    bankName: u.bankName,
    bankAccountNumber: maskTail(u.bankAccountNumber),
    bankIFSC: u.bankIFSC,
    panNumber: maskTail(u.panNumber),
    aadhaarNumber: maskTail(u.aadhaarNumber),
    role: u.role as CurrentUser['role'],
    status: u.status as CurrentUser['status'],
    kycStatus: (['pending', 'approved', 'rejected'].includes(u.kycStatus) ? u.kycStatus : 'pending') as CurrentUser['kycStatus'],
    kycDeadline: iso(u.kycDeadline),
    currentRank: u.currentRank,
    emailVerified: u.emailVerified,
    firstLogin: u.firstLogin,
    activationDate: iso(u.activationDate),
    createdAt: u.createdAt.toISOString(),
    impersonatedBy: admin ? { id: admin.id, userId: admin.userId, name: displayName(admin) } : null,
  };
}
