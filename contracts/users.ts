import { z } from 'zod';

export const AdminUserListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});

export const AdminUserListItem = z.object({
  id: z.string(),
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  kycStatus: z.string(),
  createdAt: z.string(),
});
