import { z } from 'zod';
import { decimal, id, instant } from './route-contract';

export const AdminUserListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});

/** GET /api/users: one user; the bank account number masked to its last 4 digits. */
export const AdminUserListItem = z.strictObject({
  id,
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  mobile: z.string().nullable(),
  role: z.string(),
  status: z.string(),
  kycStatus: z.string(),
  idStatus: z.string(),
  currentRank: z.string(),
  bankAccountNumber: z.string().nullable(),
  packageAmount: decimal.nullable(),
  createdAt: instant,
  activationDate: instant.nullable(),
});
export type AdminUserListItem = z.infer<typeof AdminUserListItem>;
