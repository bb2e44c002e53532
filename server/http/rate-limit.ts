import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../core/app-error';
import { hitRateLimit } from '../core/rate-limits.repo';

export interface RateLimitRule {
  /** Name of the limit, part of the counter key. */
  name: string;
  max: number;
  windowMs: number;
  message: string;
  /**
   * What is counted: the client address by default (checked before the body is read), or something from the
   * request (an email in the body, the signed-in user; checked after identity and access).
   */
  keyOf?: (req: FastifyRequest) => string | undefined;
}

/** Counts per signed-in user (the member's own id, also under impersonation). */
export const perUser = (req: FastifyRequest) => req.identity?.user.id;

/** Fixed windows in the database, so every app process shares the same counters. */
export async function enforceRateLimits(ctx: AppContext, req: FastifyRequest, rules: RateLimitRule[]) {
  if (ctx.config.rateLimitFactor === 0) return;
  const now = ctx.clock.now().getTime();
  for (const rule of rules) {
    const subject = rule.keyOf ? rule.keyOf(req) : req.ip;
    if (!subject) continue;
    const windowStart = new Date(now - (now % rule.windowMs));
    // NUL cannot be stored in a text key; the subject comes straight from the request.
    const count = await hitRateLimit(ctx.db, `${rule.name}:${subject.toLowerCase().replaceAll('\u0000', '')}`.slice(0, 200), windowStart);
    if (count > Math.ceil(rule.max * ctx.config.rateLimitFactor)) {
      throw new AppError('RATE_LIMITED', 429, rule.message);
    }
  }
}
