import { stepAt, totpAt } from '../../server/lib/totp';
import type { ManualClock } from '../../server/lib/clock';

/**
 * The tests' authenticator app: the secrets of the accounts the tests enrolled (keyed by internal id, email and
 * user ID), and the code each shows. The server accepts a step once and one step of drift, so a code is taken
 * from the first step after the last one used; when that is more than one step ahead, the test's clock moves on
 * to it (a 30-second step of test time), as a person would wait for the next code.
 */
interface Entry {
  secret: string;
  lastStep: number;
  clock: ManualClock;
}
/**
 * One book of secrets per running test app (each has its own database, so the demo admin of one is not the demo
 * admin of another); lookups read the newest app still open, the one a test file is talking to.
 */
const books = new Map<ManualClock, Map<string, Entry>>();
const current = () => {
  const last = [...books.values()].at(-1);
  if (!last) throw new Error('no test app is running');
  return last;
};
const entries = {
  get: (k: string) => current().get(k),
  has: (k: string) => books.size > 0 && current().has(k),
};

export function openBook(clock: ManualClock) {
  books.set(clock, new Map());
}
export function closeBook(clock: ManualClock) {
  books.delete(clock);
}

export function rememberSecret(keys: (string | null | undefined)[], secret: string, clock: ManualClock, usedStep: number) {
  const entry: Entry = { secret, lastStep: usedStep, clock };
  const book = books.get(clock);
  if (!book) throw new Error('the test app of this clock is not running');
  for (const k of keys) if (k) book.set(k.toLowerCase(), entry);
}

export const hasSecret = (key: string) => entries.has(key.toLowerCase());

export function secretOf(key: string): string {
  const e = entries.get(key.toLowerCase());
  if (!e) throw new Error(`no authenticator secret is known for ${key}`);
  return e.secret;
}

/** The next unused code of an enrolled account (moves the test clock by a step when it must). */
export function codeFor(key: string): string {
  const e = entries.get(key.toLowerCase());
  if (!e) throw new Error(`no authenticator secret is known for ${key}`);
  let now = stepAt(e.clock.now().getTime());
  if (e.lastStep + 1 > now + 1) {
    e.clock.advance((e.lastStep - now) * 30_000);
    now = stepAt(e.clock.now().getTime());
  }
  const step = Math.max(now, e.lastStep + 1);
  e.lastStep = step;
  return totpAt(e.secret, step * 30_000);
}

/** Records a step the server accepted from a code computed outside codeFor (a test typing its own). */
export function markUsed(key: string, step: number) {
  const e = entries.get(key.toLowerCase());
  if (e && step > e.lastStep) e.lastStep = step;
}
