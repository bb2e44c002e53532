import { z } from 'zod';
import { decimal, instant } from './route-contract';
import { memberAccountFields } from './answer-fields';

export const AdminUserListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});

/** GET /api/users: one user; the bank account number masked to its last 4 digits. */
export const AdminUserListItem = z.strictObject({
  ...memberAccountFields,
  bankAccountNumber: z.string().nullable(),
  packageAmount: decimal.nullable(),
  createdAt: instant,
  activationDate: instant.nullable(),
});
export type AdminUserListItem = z.infer<typeof AdminUserListItem>;
