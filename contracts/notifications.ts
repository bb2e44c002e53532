import { z } from 'zod';
import { id, instant } from './route-contract';

export const NotificationView = z.strictObject({
  id,
  type: z.string(),
  subject: z.string(),
  content: z.string(),
  priority: z.string(),
  read: z.boolean(),
  data: z.unknown().nullable(),
  createdAt: instant,
});
export type NotificationView = z.infer<typeof NotificationView>;

export const NotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export const UnreadCountResponse = z.strictObject({ count: z.number().int() });
export const ReadAllResponse = z.strictObject({ message: z.string(), count: z.number().int() });
export const IdParam = z.object({ id: z.uuid({ error: 'Not found' }) });
