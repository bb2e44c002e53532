import { apiRequest } from '../api';
import { useAuditedWrite } from './writes';

/**
 * An audited admin write of a body to one path (a settings page's Save, a holiday added): the toast titled `done`
 * after a success, then the path's reads and the audit log are read again (and `invalidate`, if given, is run).
 */
export function usePathWrite<B, R>(method: 'POST' | 'PUT', path: string, { failed, done, invalidate }: { failed: string; done: string; invalidate?: () => unknown }) {
  return useAuditedWrite({
    request: (body: B) => apiRequest<R>(method, path, body),
    errorFallback: failed,
    successToast: () => ({ title: done }),
    paths: [path],
    invalidate,
  });
}
