import { describe, expect, it } from 'vitest';
import { LoginRequest, MSG } from '@contracts';
import { checkLogin, LOGIN_MESSAGES, type LoginValues } from './login-check';

/** The sign-in form's own check (no zod on that page) agrees with the contract the server applies. */
describe('checkLogin and LoginRequest', () => {
  const cases: LoginValues[] = [
    { userId: '', password: '', rememberMe: false },
    { userId: '   ', password: 'secret', rememberMe: false },
    { userId: 'member@demo.local', password: '', rememberMe: true },
    { userId: '  MB1234567 ', password: ' x ', rememberMe: true },
    { userId: 'member@demo.local', password: 'Member@12345', rememberMe: false },
    { userId: 'a'.repeat(254), password: 'p'.repeat(200), rememberMe: false },
    { userId: ' '.repeat(3) + 'a'.repeat(254) + ' ', password: 'p', rememberMe: false },
    { userId: 'a'.repeat(255), password: 'p', rememberMe: false },
    { userId: 'a', password: 'p'.repeat(201), rememberMe: false },
  ];

  it('words its messages as the contract does', () => {
    for (const [key, text] of Object.entries(LOGIN_MESSAGES)) expect(MSG[key as keyof typeof MSG]).toBe(text);
  });

  it.each(cases)('the same verdict, values and required messages for %o', (input) => {
    const mine = checkLogin(input);
    const theirs = LoginRequest.safeParse(input);
    expect(Object.keys(mine.errors).length === 0).toBe(theirs.success);
    if (theirs.success) {
      expect(mine.values).toEqual(theirs.data);
      return;
    }
    const fieldErrors = theirs.error.flatten().fieldErrors as Record<string, string[] | undefined>;
    expect(Object.keys(mine.errors).sort()).toEqual(Object.keys(fieldErrors).sort());
    for (const field of ['userId', 'password'] as const) {
      // The contract's own messages where it names one (required fields, the user ID's limit).
      if (mine.errors[field] && !(field === 'password' && input.password.length > 200)) expect(fieldErrors[field]?.[0]).toBe(mine.errors[field]);
    }
  });
});
