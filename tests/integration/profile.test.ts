import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, userByEmail, type TestApp } from '../support/test-app';
import { expectError, expectInvalid, uniqueEmail } from '../support/http';
import { CurrentUser } from '../../contracts/auth';
import { MSG } from '../../contracts/messages';
import { ID } from '../support/identity';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'Profile#123';
const valid = {
  firstName: 'Sunita',
  lastName: 'Iyer',
  mobile: '9876501234',
  address: '14 MG Road, Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '560038',
  bankName: 'State Bank',
  bankAccountNumber: ID.account3,
  bankIFSC: 'sbin0001234',
};
async function signedIn(extra: Partial<Parameters<TestApp['createUser']>[0]> = {}) {
  const email = uniqueEmail('profile');
  const user = await t.createUser({ email, password: PASSWORD, ...extra });
  return { email, user, cookie: await t.login(email, PASSWORD) };
}
const put = (cookie: string | undefined, body: unknown) => t.api('PUT', '/api/user/profile', { cookie, body });

describe('PUT /api/user/profile', () => {
  it('answers 401 when signed out', async () => {
    expectError(await put(undefined, valid), 401, { code: 'UNAUTHENTICATED' });
  });

  it('updates the own profile and the user read shows it (bank account masked, IFSC upper-cased)', async () => {
    const { cookie, email } = await signedIn();
    const r = await put(cookie, valid);
    expect(r.status).toBe(200);
    const updated = CurrentUser.parse(r.body);
    expect(updated).toMatchObject({
      firstName: 'Sunita',
      lastName: 'Iyer',
      mobile: '9876501234',
      city: 'Bengaluru',
      pincode: '560038',
      bankIFSC: 'SBIN0001234',
      bankAccountNumber: '••••••••9012',
      email,
    });
    const me = await t.api('GET', '/api/auth/user', { cookie });
    expect(me.body).toMatchObject({ firstName: 'Sunita', bankIFSC: 'SBIN0001234', bankAccountNumber: '••••••••9012' });
    expect((await userByEmail(t, email))!.bankAccountNumber).toBe(ID.account3);
  });

  it('keeps the bank account when the masked value comes back unchanged', async () => {
    const { cookie, email } = await signedIn({ bankAccountNumber: ID.account4 });
    const r = await put(cookie, { ...valid, bankAccountNumber: '••••••••7777' });
    expect(r.status).toBe(200);
    expect((await userByEmail(t, email))!.bankAccountNumber).toBe(ID.account4);
  });

  it('lets a pending user edit the profile', async () => {
    const { cookie } = await signedIn({ status: 'pending' });
    expect((await put(cookie, valid)).status).toBe(200);
  });

  it.each([
    ['missing first name', { firstName: undefined }, MSG.firstNameRequired, 'firstName'],
    ['blank first name', { firstName: '  ' }, MSG.firstNameRequired, 'firstName'],
    ['missing last name', { lastName: undefined }, MSG.lastNameRequired, 'lastName'],
    ['bad mobile', { mobile: '12345' }, MSG.mobilePattern, 'mobile'],
    ['bad pincode', { pincode: '12ab' }, MSG.pincodePattern, 'pincode'],
    ['bad IFSC', { bankIFSC: 'XYZ' }, MSG.ifscPattern, 'bankIFSC'],
    ['an email', { email: 'other@example.com' }, MSG.emailNotEditable, 'email'],
  ])('refuses %s and changes nothing', async (_n, patch, message, field) => {
    const { cookie, email } = await signedIn({ mobile: '9000000001', city: 'Pune' });
    const before = (await userByEmail(t, email))!;
    expectInvalid(await put(cookie, { ...valid, ...patch }), message, field);
    const after = (await userByEmail(t, email))!;
    expect(after).toEqual(before);
  });

  it('ignores role, status and other fields that are not part of the profile', async () => {
    const { cookie, email } = await signedIn();
    const r = await put(cookie, { ...valid, role: 'admin', status: 'active', kycStatus: 'approved', emailVerified: false, userId: 'MB0000001', id: '00000000-0000-4000-8000-000000000000' });
    expect(r.status).toBe(200);
    const u = (await userByEmail(t, email))!;
    expect(u.role).toBe('user');
    expect(u.kycStatus).toBe('pending');
    expect(u.emailVerified).toBe(true);
    expect(u.userId).not.toBe('MB0000001');
  });

  it("changes only the caller's own record", async () => {
    const { cookie } = await signedIn();
    const before = (await userByEmail(t, t.demo.member.email))!;
    expect((await put(cookie, { ...valid, firstName: 'Intruder' })).status).toBe(200);
    expect((await userByEmail(t, t.demo.member.email))!.firstName).toBe(before.firstName);
  });
});
