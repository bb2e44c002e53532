import { chunk } from './chunk';

/** The signed-in app (query cache, current user, route table): loaded by a browser that may hold a session. */
export const SIGNED_IN_APP = chunk(() => import('./signed-in-app'));
