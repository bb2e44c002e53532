import type { ApiFailure } from '../mutation';

/** The answer of an admin write: a message for the toast. */
export type Answer = { message?: string };
export const itemPath = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** After a 404 or 409 (someone else changed it first) the list is read again. */
export function refetchOnConflict(invalidate: () => unknown) {
  return async (failure: ApiFailure) => {
    if (failure.status === 404 || failure.status === 409) await invalidate();
  };
}
