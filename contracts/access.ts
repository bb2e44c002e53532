/**
 * Who may call a route (docs/spec/decisions.md §1): public; session = any signed-in user of any status;
 * member = active and not admin; founder; reviewer = admin or founder; admin; franchise = an active franchise holder
 * (mini or basic franchise: their stock and local sales, issue 16).
 */
export const ACCESS_LEVELS = ['public', 'session', 'member', 'founder', 'reviewer', 'admin', 'franchise'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];
