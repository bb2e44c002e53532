import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api';
import { refetchOnConflict, useApiMutation, type ApiMutationOptions } from '../mutation';
import { invalidatePaths, KEYS } from './keys';

/** The answer of an admin write: a message for the toast. */
export type Answer = { message?: string };
export const itemPath = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

/** PATCH <base>/<id> of a listed item with only what changed; the lists are read again after it, and after a 404/409. */
export function useItemPatch<B>(base: string, id: string, errorFallback: string, invalidate: () => Promise<unknown>) {
  return useApiMutation({
    request: (body: B) => apiRequest<Answer>('PATCH', itemPath(base, id), body),
    errorFallback,
    invalidate,
    onFailure: refetchOnConflict(invalidate),
  });
}

/**
 * An admin write that the audit log records: after a success the queries of `paths` and the audit log are read
 * again (with the write's own `invalidate`, if it has one, alongside).
 */
export function useAuditedWrite<V, D>({ paths, invalidate, ...options }: ApiMutationOptions<V, D> & { paths: readonly string[] }) {
  const queryClient = useQueryClient();
  return useApiMutation<V, D>({
    ...options,
    invalidate: (data, vars) => Promise.all([invalidatePaths(queryClient, [...paths, KEYS.auditLog]), invalidate?.(data, vars)]),
  });
}
