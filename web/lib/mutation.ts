import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { MSG } from '@contracts';
import { toast, toastError, type ToastInput } from '../components/ui/toast';
import { apiRequest, errorMessage, type WriteResult } from './api';
import { applyFieldErrors } from './form-errors';

/** The error body of a write that was answered (4xx), as WriteResult carries it. */
export type ApiFailure = Extract<WriteResult<unknown>, { ok: false }>;

/** The one error-to-toast path of the web app (components/ui/toast.tsx): used by every write below. */
export { toastError };

/** After a 404 or 409 (someone else changed or decided it first) the list is read again. */
export function refetchOnConflict(invalidate: () => unknown) {
  return async (failure: ApiFailure) => {
    if (failure.status === 404 || failure.status === 409) await invalidate();
  };
}

/** A write that was answered with an error: the server's message, or the fallback when it gave none. */
export function failureMessage(failure: ApiFailure, fallback: string): string {
  return failure.error.message || fallback;
}

/** Per call: the form that receives the server's fieldErrors, and a success toast that needs the screen's context. */
export interface RunOptions<T extends FieldValues, V, D> {
  setError?: UseFormSetError<T>;
  fields?: readonly string[];
  successToast?: (data: D, vars: V, status: number) => ToastInput | null;
}

export interface ApiMutationOptions<V, D> {
  /** The request (a function of the per-feature api module): apiRequest with its method, path and headers. */
  request: (vars: V) => Promise<WriteResult<D>>;
  /** Toast description when the server's error has no message, or when the call threw (5xx, network). */
  errorFallback?: string | ((vars: V) => string);
  /** The failure's toast description when the fallback rule does not fit (failure null: the call threw `thrown`). */
  describeError?: (failure: ApiFailure | null, thrown: unknown) => string | undefined;
  /** The whole failure toast when title and text depend on the failure (null: no toast); wins over the rest. */
  errorToast?: (failure: ApiFailure | null, thrown: unknown) => ToastInput | null;
  /** Toast title of a failure; 'Error' unless named. */
  errorTitle?: string;
  /** The success toast; null shows none. */
  successToast?: (data: D, vars: V, status: number) => ToastInput | null;
  /** Runs after a success (after the toast), awaited: query invalidation. */
  invalidate?: (data: D, vars: V) => unknown;
  /** Runs after an answered failure (after the toast), awaited: e.g. refetch on 404/409. */
  onFailure?: (failure: ApiFailure, vars: V) => unknown;
}

/**
 * The submit of an edit dialog's form: runs the write with the form's values (the server's field errors land on the
 * form's fields) and closes the dialog once the write succeeded.
 */
export function saveAndClose<T extends FieldValues, V, D>(
  write: { run: (vars: V, call: RunOptions<T, V, D>) => Promise<ApiOutcome<D>> },
  setError: UseFormSetError<T>,
  fields: readonly string[],
  onClose: () => void,
) {
  return async (values: V) => {
    if ((await write.run(values, { setError, fields })).ok) onClose();
  };
}

/** What one run ended with: the data of a success, or null (the toast has been shown). */
export type ApiOutcome<D> = { ok: true; status: number; data: D } | { ok: false; failure: ApiFailure | null; message: string | undefined };

/**
 * One mutation path: TanStack useMutation around a WriteResult request, with the server's
 * fieldErrors put on a react-hook-form, one error toast, an optional success toast and the
 * invalidation. `run` never throws; it resolves with the outcome once all of that is done.
 */
export function useApiMutation<V = void, D = { message?: string }>(options: ApiMutationOptions<V, D>) {
  const mutation = useMutation({
    mutationFn: (vars: V) => options.request(vars),
  });

  function showFailure(failure: ApiFailure | null, thrown: unknown, message: string | undefined) {
    if (!options.errorToast) return toastError(message, options.errorTitle);
    const custom = options.errorToast(failure, thrown);
    if (custom) toast({ variant: 'destructive', ...custom });
  }

  async function run<T extends FieldValues = FieldValues>(vars: V, call: RunOptions<T, V, D> = {}): Promise<ApiOutcome<D>> {
    const fallback = (typeof options.errorFallback === 'function' ? options.errorFallback(vars) : options.errorFallback) ?? MSG.internalError;
    let res: WriteResult<D>;
    try {
      res = await mutation.mutateAsync(vars);
    } catch (err) {
      const message = options.describeError ? options.describeError(null, err) : errorMessage(err, fallback);
      showFailure(null, err, message);
      return { ok: false, failure: null, message };
    }
    if (!res.ok) {
      if (call.setError && call.fields) applyFieldErrors(call.setError, res.error.fieldErrors, call.fields);
      const message = options.describeError ? options.describeError(res, undefined) : failureMessage(res, fallback);
      showFailure(res, undefined, message);
      await options.onFailure?.(res, vars);
      return { ok: false, failure: res, message };
    }
    const success = (call.successToast ?? options.successToast)?.(res.data, vars, res.status);
    if (success) toast({ variant: 'success', ...success });
    await options.invalidate?.(res.data, vars);
    return { ok: true, status: res.status, data: res.data };
  }

  return { run, isPending: mutation.isPending };
}

/**
 * POST to the path a list is read from (its query key's one element), e.g. the member's own tickets: the list is
 * marked stale after a success, without waiting for it to be read again.
 */
export function usePostToList<V, D>(key: readonly [string], options: Omit<ApiMutationOptions<V, D>, 'request' | 'invalidate'>) {
  const queryClient = useQueryClient();
  return useApiMutation<V, D>({
    request: (body) => apiRequest<D>('POST', key[0], body),
    ...options,
    invalidate: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
