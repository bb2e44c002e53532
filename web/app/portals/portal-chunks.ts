import { chunk } from '../chunk';

/** One chunk per portal (architecture guide: code split per portal), started early by app/prefetch.ts. */
export const PORTALS = {
  member: chunk(() => import('./member-app')),
  admin: chunk(() => import('./admin-app')),
  founder: chunk(() => import('./founder-app')),
  franchise: chunk(() => import('./franchise-app')),
  pending: chunk(() => import('./pending-app')),
};
