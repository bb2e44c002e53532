import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { z } from 'zod';
import { ErrorResponse, isOtherResponse, type RouteContract } from '../../contracts/route-contract';

/** An answer that does not match its route's contract. */
export interface ResponseViolation {
  /** `METHOD /route/:pattern` */
  route: string;
  /** The address as asked. */
  url: string;
  status: number;
  problem: string;
}

const violations = new WeakMap<FastifyInstance, ResponseViolation[]>();

/** The violations an app recorded since the last call, oldest first; the list is emptied. */
export function takeResponseViolations(app: FastifyInstance): ResponseViolation[] {
  const list = violations.get(app) ?? [];
  violations.set(app, []);
  return list;
}

export function describeViolations(list: ResponseViolation[]): string {
  return list.map((v) => `${v.route} (${v.url}) answered ${v.status} off its contract (contracts/api): ${v.problem}`).join('\n');
}

const mediaType = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

function issuesOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 10)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}${i.code === 'unrecognized_keys' ? ` (${(i as { keys: string[] }).keys.join(', ')})` : ''}`)
    .join('; ');
}

/** What is wrong with one answer, or undefined when it matches. */
export function checkAnswer(contract: RouteContract, status: number, contentType: unknown, payload: unknown): string | undefined {
  const spec = contract.response[status] ?? (status >= 400 ? ErrorResponse : undefined);
  if (!spec) return `status ${status} is not declared (declared: ${Object.keys(contract.response).join(', ')})`;
  const type = mediaType(contentType);
  if (isOtherResponse(spec)) {
    if (spec.contentType.length && !spec.contentType.includes(type)) return `content type ${type || '(none)'} is not one of ${spec.contentType.join(', ')}`;
    return undefined;
  }
  if (type !== 'application/json') return `content type ${type || '(none)'} where JSON was declared`;
  let body: unknown;
  try {
    body = JSON.parse(typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : String(payload));
  } catch {
    return 'the body is not JSON';
  }
  const result = spec.safeParse(body);
  return result.success ? undefined : issuesOf(result.error);
}

function record(app: FastifyInstance, req: FastifyRequest, v: ResponseViolation) {
  req.log.error({ violation: v }, 'answer off its contract');
  const list = violations.get(app) ?? [];
  list.push(v);
  violations.set(app, list);
}

/**
 * An onSend hook that checks every answer of one route against its contract (the tests turn it on with
 * `checkResponses`): a mismatch is logged and recorded for takeResponseViolations, and the answer goes out unchanged.
 */
export function responseCheck(app: FastifyInstance, key: string, contract: RouteContract, hasMoneyControl = false): onSendHookHandler {
  return (req, reply, payload, done) => {
    // Issue 29: a request that moved money or changed someone's sign-in or payout needs its route's row in the matrix.
    const controlled = [...(req.controlTrace ?? [])];
    if (controlled.length && !hasMoneyControl) {
      record(app, req, { route: key, url: req.url, status: reply.statusCode, problem: `changed ${controlled.join(' and ')} without a row in contracts/money-controls.ts MONEY_CONTROLS` });
    }
    // A streamed answer (an export) is not read here; its content type is.
    const streamed = payload !== null && typeof payload === 'object' && !Buffer.isBuffer(payload);
    // The app's compression (http/compression.ts) runs first: the check reads the body as it was before it.
    const encoding = reply.getHeader('content-encoding');
    const plain =
      !streamed && Buffer.isBuffer(payload) && encoding === 'br' ? brotliDecompressSync(payload) : !streamed && Buffer.isBuffer(payload) && encoding === 'gzip' ? gunzipSync(payload) : payload;
    const problem =
      streamed && !isOtherResponse(contract.response[reply.statusCode] ?? ErrorResponse)
        ? 'a streamed body where JSON was declared'
        : checkAnswer(contract, reply.statusCode, reply.getHeader('content-type'), streamed ? undefined : plain);
    if (problem) record(app, req, { route: key, url: req.url, status: reply.statusCode, problem });
    done(null, payload);
  };
}
