import { z } from 'zod';
import { ERROR_CODES } from './errors';

/**
 * What one route takes and answers (issue 14): the zod schemas of its path parameters, query and body, and per
 * status code the schema of its JSON answer (or, for a file or a redirect, what comes instead). The server checks
 * its answers against these in the tests and publishes them as OpenAPI at /api/openapi.json; the web's typed client
 * reads its types from them. Error answers (4xx, 5xx) share one shape, `ErrorResponse`, unless a route declares
 * its own for that status.
 */
export interface RouteContract {
  /** One line for the API docs. */
  summary?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: { readonly [status: number]: ResponseSpec };
}

/** A JSON answer (zod schema), or an answer that is not JSON: a file, a text page or a redirect. */
export type ResponseSpec = z.ZodType | OtherResponse;
export interface OtherResponse {
  /** Media types the answer may carry (without parameters); empty for a redirect without a body. */
  contentType: readonly string[];
  description: string;
}

export const isOtherResponse = (spec: ResponseSpec): spec is OtherResponse => !(spec instanceof z.ZodType);

/** A file download or a non-JSON page. */
export const file = (contentType: readonly string[], description: string): OtherResponse => ({ contentType, description });
/** A redirect (the Location header says where); no body. */
export const redirect = (description: string): OtherResponse => ({ contentType: [], description });

/** Every error answer: `{ message, code, fieldErrors? }` (server/http/error-handler.ts). */
export const ErrorResponse = z.strictObject({
  message: z.string().min(1),
  code: z.enum(ERROR_CODES),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

// ---- building blocks of answers ----

/** An instant as the server writes it: ISO 8601 in UTC (`Date.toISOString()`). */
export const instant = z.iso.datetime({ offset: true });
/** A calendar day, YYYY-MM-DD. */
export const day = z.iso.date();
/** An exact decimal (money, BV, percentages) as a string; never a float. */
export const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A database id (any 8-4-4-4-12 hex form: time-ordered ids included). */
export const id = z.guid();
/** `{ message }`: the answer of a write that returns nothing else. */
export const Message = z.strictObject({ message: z.string() });
/** One page of a keyset-paginated list. */
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item), nextCursor: z.string().nullable() });

// ---- route definitions ----

/** What a route takes besides its answer: path parameters, query and body, each when it has one. */
export interface RouteInput {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}
// NoInfer: with no `input`, T stays {} rather than being read off the map's `satisfies Record<string, RouteContract>`.
type Route<T extends RouteInput, R extends RouteContract['response']> = { summary: string } & NoInfer<T> & { response: NoInfer<R> };

/**
 * A route's contract from its summary, its answers by status and what it takes:
 * `route('Edit a user; a payout change waits for a second admin (202)', { 200: UserUpdated, 202: ApprovalRequested }, { params: IdParam, body: UserEdit })`
 * is `{ summary, params, body, response: { 200: UserUpdated, 202: ApprovalRequested } }`.
 */
export const route = <R extends RouteContract['response'], T extends RouteInput = Record<never, never>>(summary: string, response: R, input?: T): Route<T, R> =>
  ({ summary, ...input, response }) as Route<T, R>;

/**
 * A route with one successful answer, 200 with `answer` (a read, or a write that answers with what it changed):
 * `ok('One plan version', PlanVersion, { params: PlanIdParam })` is `{ summary, params, response: { 200: PlanVersion } }`.
 */
export const ok = <A extends ResponseSpec, T extends RouteInput = Record<never, never>>(summary: string, answer: A, input?: T) => route(summary, { 200: answer }, input);
/** A route that creates something and answers 201 with it: `created('Open a support ticket', TicketView, { body: TicketInput })`. */
export const created = <A extends ResponseSpec, T extends RouteInput = Record<never, never>>(summary: string, answer: A, input?: T) => route(summary, { 201: answer }, input);
