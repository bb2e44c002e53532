import { demoCookies } from './http';
import { startTestApp, type TestApp } from './test-app';

/**
 * A test file's app, started in its beforeAll with the demo accounts it needs already signed in:
 *   beforeAll(async () => ({ t, admin } = await startSignedIn(['admin'])));
 *   afterAll(() => t?.close());
 */

type StartOptions = Parameters<typeof startTestApp>[0];
export type DemoAccount = keyof TestApp['demo'];
export type DemoCookies = Awaited<ReturnType<typeof demoCookies>>;

/** The session cookie of one demo account. */
export const loginAs = (t: TestApp, who: DemoAccount) => t.login(t.demo[who].email, t.demo[who].password);

/** The app with the named demo accounts signed in, one after the other; each cookie under the account's name. */
export async function startSignedIn<K extends DemoAccount>(who: readonly K[], options?: StartOptions): Promise<{ t: TestApp } & Record<K, string>> {
  const t = await startTestApp(options);
  const cookies = {} as Record<K, string>;
  for (const name of who) cookies[name] = await loginAs(t, name);
  return { t, ...cookies };
}

/** The app with the admin, founder, member and pending demo accounts signed in (`demoCookies`). */
export async function startWithDemoCookies(options?: StartOptions): Promise<{ t: TestApp; c: DemoCookies }> {
  const t = await startTestApp(options);
  return { t, c: await demoCookies(t) };
}
