import { describe, expect, it } from 'vitest';
import { plural, pluralPossessive } from './format-plural';

describe('plural (issue 30)', () => {
  it('names one thing in the singular and any other count in the plural, grouped as in India', () => {
    expect(plural(1, 'member')).toBe('1 member');
    expect(plural(0, 'member')).toBe('0 members');
    expect(plural(2, 'member')).toBe('2 members');
    expect(plural(100000, 'member')).toBe('1,00,000 members');
    expect(plural('1', 'member paid', 'members paid')).toBe('1 member paid');
    expect(plural(undefined, 'line')).toBe('0 lines');
  });
  it('makes the possessive of each', () => {
    expect(pluralPossessive(1, 'member', 'wallet')).toBe('1 member’s wallet');
    expect(pluralPossessive(3, 'member', 'wallet')).toBe('3 members’ wallets');
  });
});
