import type { AppContext } from '../context';
import { hitRateLimit, peekRateLimit, releaseAttempt, reserveAttempt } from './rate-limits.repo';

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

/** An attempt taken from a sliding counter; `release` gives it back when it turned out not to count. */
export interface Reservation {
  release(): Promise<void>;
}
const NOTHING_RESERVED: Reservation = { release: async () => undefined };

/**
 * Attempts per subject in a sliding window, reserved before the thing they guard is tried (issue 29: second-factor
 * codes). Why not `accountCounter`: peeking and counting after a wrong answer lets every request that arrives at once
 * pass the peek (10 codes at once were all checked), and a fixed window lets twice the maximum through around its
 * boundary. Here each attempt is recorded first, atomically across processes (rate-limits.repo `reserveAttempt`),
 * and counted over the last `windowMs` whatever the clock says; an attempt that did not fail is released after.
 * `reserve` answers null when `limit` attempts are in the window already (the caller refuses with 429).
 */
export function slidingCounter(ctx: AppContext, name: string, max: number, windowMs: number) {
  const limit = Math.ceil(max * ctx.config.rateLimitFactor);
  const off = ctx.config.rateLimitFactor === 0;
  return {
    limit,
    off,
    async reserve(subject: string): Promise<Reservation | null> {
      if (off) return NOTHING_RESERVED;
      const key = `${name}:${subject}`.slice(0, 200);
      const at = ctx.clock.now();
      if (!(await reserveAttempt(ctx.db, key, at, new Date(at.getTime() - windowMs), limit))) return null;
      return { release: () => releaseAttempt(ctx.db, key, at) };
    },
  };
}
