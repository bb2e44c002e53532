import type { ErrorBody } from '@contracts';
import type { ApiBody, ApiKey, ApiKeyOf, ApiParams, ApiQuery, ApiResponse } from '@contracts/api';
import { impersonationToken } from './storage';
import { promptStepUp, stepUpBeforeRequest } from './step-up';

/** The answer of a write call that did not fail with 5xx (doc 1 §7, §8). */
export type WriteResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: Partial<ErrorBody> & { message?: string } };

function headers(hasBody: boolean, extra?: Record<string, string>): Headers {
  const h = new Headers({ Accept: 'application/json', ...extra });
  // A FormData body (a file upload) sets its own multipart content type with the boundary.
  if (hasBody) h.set('Content-Type', 'application/json');
  const token = impersonationToken.get();
  if (token) h.set('Authorization', `Bearer ${token}`);
  return h;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function failure(res: Response): Promise<Error> {
  const text = await res.text().catch(() => '');
  return new Error(`${res.status}: ${text || res.statusText}`);
}

export interface RequestOptions {
  /** Extra request headers, e.g. `Idempotency-Key` on the money-moving POSTs (decisions §6). */
  headers?: Record<string, string>;
  /** Answer a 403 STEP_UP_REQUIRED as it is instead of asking for the code (the retry after a step-up). */
  noStepUp?: boolean;
}

/**
 * Write call: any status >= 500 throws `${status}: ${body or status text}`; every other
 * answer is handed back so the caller can show the server's message and fieldErrors.
 */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<WriteResult<T>> {
  // A route that always wants a recent second factor asks for it first (issue 30); declined, the request goes as it is.
  if (!options.noStepUp && !(await stepUpBeforeRequest(method, url))) options = { ...options, noStepUp: true };
  const hasBody = body !== undefined;
  const isForm = body instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: headers(hasBody && !isForm, options.headers),
    body: isForm ? body : hasBody ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 500) throw await failure(res);
  const data = parse(await res.text());
  if (res.ok) return { ok: true, status: res.status, data: data as T };
  const error = data && typeof data === 'object' ? (data as Partial<ErrorBody>) : { message: typeof data === 'string' ? data : undefined };
  // The second factor again (issue 13): once the code is accepted, the same call runs once more.
  if (res.status === 403 && error.code === 'STEP_UP_REQUIRED' && !options.noStepUp && (await promptStepUp())) {
    return apiRequest<T>(method, url, body, { ...options, noStepUp: true });
  }
  return { ok: false, status: res.status, error };
}

export interface GetOptions {
  /** What a 401 means: throw like any other failure (default) or answer null. */
  on401?: 'throw' | 'returnNull';
}

/** Read call: any non-ok answer throws `${status}: ${body or status text}`. */
export async function apiGet<T = unknown>(url: string, options: GetOptions = {}): Promise<T> {
  const res = await fetch(url, { method: 'GET', credentials: 'include', headers: headers(false) });
  if (res.status === 401 && options.on401 === 'returnNull') {
    // Read the short error body all the same: API answers are no-store, so an unread body keeps the request open.
    await res.arrayBuffer().catch(() => undefined);
    return null as T;
  }
  if (!res.ok) throw await failure(res);
  return parse(await res.text()) as T;
}

/**
 * A file download (a PDF invoice): the bytes and the server's file name, or the error like `apiGet` throws it
 * (a 409 "Your invoice is being prepared" is the server's message). Impersonation travels as with any request.
 */
export async function apiGetFile(url: string): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await fetch(url, { method: 'GET', credentials: 'include', headers: headers(false, { Accept: '*/*' }) });
  if (!res.ok) throw await failure(res);
  const disposition = res.headers.get('content-disposition') ?? '';
  return { blob: await res.blob(), fileName: /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null };
}

/**
 * The readable message of a thrown request error: the `message` of a JSON error body when the
 * text after "status: " is one, otherwise the whole text.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return fallback;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(err.message);
  if (!match) return fallback;
  const body = parse(match[2]);
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return fallback;
}

/** The status of a thrown request error, when it carried one. */
export function errorStatus(err: unknown): number | null {
  if (!(err instanceof Error)) return null;
  const match = /^(\d{3}): /.exec(err.message);
  return match ? Number(match[1]) : null;
}

// ---- the typed client (issue 14) ----
// A route is named by its key in contracts/api ('GET /api/wallet'); the answer's type is the route's response schema
// (z.output), its query and body types the schemas' inputs, so a changed contract is a type error here. Only types
// are imported: the schemas stay out of the bundle, except in development, where answers are also parsed.

type Values = Record<string, unknown>;
/** `params` when the path has parameters (`{ id }` for `/api/x/:id`), `query` when the route reads one. */
export type RouteInput<K extends ApiKey> = ([keyof ApiParams<K>] extends [never] ? { params?: undefined } : { params: ApiParams<K> }) &
  ([ApiQuery<K>] extends [never] ? { query?: undefined } : { query?: ApiQuery<K> });
type ReadKey = ApiKeyOf<'GET'>;
/** The input may be left out only when the route has no path parameters. */
type ReadArgs<K extends ApiKey> = [keyof ApiParams<K>] extends [never] ? [input?: RouteInput<K>, options?: GetOptions] : [input: RouteInput<K>, options?: GetOptions];
type WriteKey = Exclude<ApiKey, ReadKey>;

/** The address of a route: its parameters filled in and encoded, the defined, non-blank query values appended. */
export function routeUrl<K extends ApiKey>(key: K, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Values;
  const path = key.slice(key.indexOf(' ') + 1).replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${key}: the ${name} parameter is missing`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Values)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** In development, an answer off its route's schema is reported in the console (the server's tests fail on one). */
async function checkAnswer(key: ApiKey, status: number, data: unknown) {
  const { API } = await import('@contracts/api');
  const spec = (API as Record<string, { response: Record<number, unknown> }>)[key]?.response[status] as { safeParse?: (v: unknown) => { success: boolean; error?: unknown } } | undefined;
  const result = spec?.safeParse?.(data);
  if (result && !result.success) console.warn(`${key} answered ${status} off its contract`, result.error);
}

/** Reads a screen asked for as the page started (app/prefetch.ts), by address: each answer is taken once. */
const early = new Map<string, { until: number; answer: Promise<unknown> }>();
/** An early answer older than this is not taken: the screen asks again. */
export const EARLY_READ_MS = 15_000;

/**
 * Starts reads whose answers the first screen will want, beside its script's download instead of after its first
 * render (issue 30: the dashboards' figures arrived a round trip after the screen could have shown them). The
 * first `getRoute` for the same address takes the answer; a read nobody takes is dropped.
 */
export function readEarly(urls: readonly string[]) {
  const until = Date.now() + EARLY_READ_MS;
  for (const url of urls) {
    const answer = apiGet(url);
    // Reported by the getRoute that takes it, as its own failure would be; not an unhandled rejection meanwhile.
    answer.catch(() => undefined);
    early.set(url, { until, answer });
  }
}

function takeEarly(url: string): Promise<unknown> | undefined {
  const hit = early.get(url);
  if (!hit) return undefined;
  early.delete(url);
  return hit.until >= Date.now() ? hit.answer : undefined;
}

/** Typed read: `getRoute('GET /api/admin/fund-history', { query: { search } })` resolves to the route's answer type. */
export async function getRoute<K extends ReadKey>(key: K, ...[input, options]: ReadArgs<K>): Promise<ApiResponse<K>> {
  const url = routeUrl(key, input);
  const taken = options ? undefined : takeEarly(url);
  const data = (await (taken ?? apiGet(url, options))) as ApiResponse<K>;
  if (import.meta.env.DEV && data !== null) checkAnswer(key, 200, data).catch(() => undefined);
  return data;
}

/** Typed write: the body is checked against the route's request type, the answer typed by its response schema. */
export async function sendRoute<K extends WriteKey>(
  key: K,
  input: RouteInput<K> & ([ApiBody<K>] extends [never] ? { body?: undefined } : { body: ApiBody<K> }),
  options: RequestOptions = {},
): Promise<WriteResult<ApiResponse<K>>> {
  const method = key.slice(0, key.indexOf(' '));
  const res = await apiRequest<ApiResponse<K>>(method, routeUrl(key, input), (input as { body?: unknown }).body, options);
  if (import.meta.env.DEV && res.ok) checkAnswer(key, res.status, res.data).catch(() => undefined);
  return res;
}
