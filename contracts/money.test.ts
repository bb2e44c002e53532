import { describe, expect, it } from 'vitest';
import { paiseNumber, paiseOrThrow, parsePaise } from './money';

describe('paiseNumber: exact paise as a number, or a refusal', () => {
  it('reads plain decimals with up to two places, and zeros past them', () => {
    expect(paiseNumber('1500')).toBe(150000);
    expect(paiseNumber('1500.5')).toBe(150050);
    expect(paiseNumber('1500.05')).toBe(150005);
    expect(paiseNumber('1500.000')).toBe(150000);
    expect(paiseNumber('-0.01')).toBe(-1);
    expect(paiseNumber('0')).toBe(0);
    expect(paiseNumber(12.34)).toBe(1234);
    expect(paiseNumber('90071992547409.91')).toBe(9007199254740991);
  });

  it('agrees with parsePaise on every amount of a sweep', () => {
    for (let p = -20_000; p <= 20_000; p += 7) {
      const text = `${p < 0 ? '-' : ''}${Math.floor(Math.abs(p) / 100)}.${String(Math.abs(p) % 100).padStart(2, '0')}`;
      expect(paiseNumber(text)).toBe(Number(parsePaise(text)));
    }
  });

  it('refuses what is not an amount instead of rounding it or counting it as 0', () => {
    for (const bad of ['', '-', '.5', '1.', '1.234', '1,000', 'abc', '1e3', ' 1', '1 ', 'NaN', '90071992547409.92', '--1']) {
      expect(() => paiseNumber(bad), bad).toThrow(TypeError);
    }
    expect(() => paiseNumber(Number.NaN)).toThrow(TypeError);
    expect(() => paiseNumber(0.001)).toThrow(TypeError);
  });

  it('paiseOrThrow is parsePaise that refuses', () => {
    expect(paiseOrThrow('14999.00')).toBe(1499900n);
    expect(() => paiseOrThrow('14,999')).toThrow('Not a valid amount: "14,999"');
    expect(() => paiseOrThrow(null, 'BV')).toThrow('Not a valid BV: null');
  });
});
