import type { AppContext } from '../context';
import { hitRateLimit, peekRateLimit } from './rate-limits.repo';

/**
 * A counter kept by a service rather than a route (failed sign-ins per account, wrong current passwords per user):
 * `peek` reads the window's count, `hit` adds one and returns the new count, `limit` is the rule's maximum under
 * the configured factor.
 */
export function accountCounter(ctx: AppContext, name: string, max: number, windowMs: number) {
  const window = () => {
    const now = ctx.clock.now().getTime();
    return new Date(now - (now % windowMs));
  };
  const limit = Math.ceil(max * ctx.config.rateLimitFactor);
  return {
    limit,
    off: ctx.config.rateLimitFactor === 0,
    peek: (subject: string) => peekRateLimit(ctx.db, `${name}:${subject}`, window()),
    hit: (subject: string) => hitRateLimit(ctx.db, `${name}:${subject}`, window()),
  };
}
