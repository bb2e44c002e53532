import { describe, expect, it } from 'vitest';
import { formatBV, formatMoney, groupIndian } from './format-money';

describe('formatMoney (issue 30: one money format)', () => {
  it('groups the Indian way and always shows the paise', () => {
    expect(formatMoney('100000')).toBe('₹1,00,000.00');
    expect(formatMoney('1500.00')).toBe('₹1,500.00');
    expect(formatMoney('123456789.5')).toBe('₹12,34,56,789.50');
    expect(formatMoney('999.99')).toBe('₹999.99');
    expect(formatMoney(0)).toBe('₹0.00');
    expect(formatMoney(null)).toBe('₹0.00');
  });
  it('is exact for decimal strings beyond float precision', () => {
    expect(formatMoney('90071992547409.93')).toBe('₹9,00,71,99,25,47,409.93');
  });
  it('shows signs, whole rupees and bare figures on request', () => {
    expect(formatMoney('-1250.50')).toBe('-₹1,250.50');
    expect(formatMoney('5000', { sign: true })).toBe('+₹5,000.00');
    expect(formatMoney('0', { sign: true })).toBe('₹0.00');
    expect(formatMoney(30000.6, { decimals: 0 })).toBe('₹30,001');
    expect(formatMoney('1500.50', { decimals: 'auto' })).toBe('₹1,500.50');
    expect(formatMoney('1500.00', { decimals: 'auto' })).toBe('₹1,500');
    expect(formatMoney('1500', { symbol: false })).toBe('1,500.00');
  });
});

describe('formatBV (issue 30: "1500.00 BV" in the feed, "1,500" elsewhere)', () => {
  it('groups BV and drops zero paise', () => {
    expect(formatBV('1500.00')).toBe('1,500');
    expect(formatBV('1500.00', { unit: true })).toBe('1,500 BV');
    expect(formatBV('123456.5')).toBe('1,23,456.50');
    expect(formatBV(250)).toBe('250');
    expect(formatBV(1234.567, { decimals: 0 })).toBe('1,235');
    expect(formatBV(undefined, { unit: true })).toBe('0 BV');
    expect(formatBV('-20.00')).toBe('-20');
  });
  it('never carries a rupee sign', () => {
    expect(formatBV('100000')).not.toContain('₹');
  });
});

describe('groupIndian', () => {
  it('groups by three then two', () => {
    expect(['0', '999', '1000', '99999', '100000', '10000000'].map((s) => groupIndian(BigInt(s)))).toEqual(['0', '999', '1,000', '99,999', '1,00,000', '1,00,00,000']);
  });
});
