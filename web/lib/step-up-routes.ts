import { MONEY_CONTROLS } from '@contracts/money-controls';

/**
 * The routes that always want a recent second factor (`stepUp: 'always'` in the money-control matrix), as patterns
 * of their addresses. A chunk of its own, loaded by step-up.ts once a user with two-factor on is signed in, so the
 * matrix stays out of every first load (issue 30).
 */
const ALWAYS = Object.entries(MONEY_CONTROLS)
  .filter(([, control]) => control?.stepUp === 'always')
  .map(([key]) => {
    const [method, path] = key.split(' ');
    const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
    return { method, path: new RegExp(`^${pattern}$`) };
  });

/** Whether this request goes to a route that asks for the second factor given within the last 5 minutes. */
export function alwaysAsksStepUp(method: string, url: string): boolean {
  const path = url.split(/[?#]/)[0];
  return ALWAYS.some((r) => r.method === method && r.path.test(path));
}
