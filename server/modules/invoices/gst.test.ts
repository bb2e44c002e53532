import { describe, expect, it } from 'vitest';
import { amountInWords, financialYearOf, invoiceNumber, splitTax, toPaise, wholeInWords, fromPaise } from './gst';

describe('GST invoice arithmetic', () => {
  it('financial years run April to March in India time', () => {
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2026-03-31T23:59:59+05:30'))).toBe('2025-26');
    // 31 March 20:00 UTC is already 1 April in India.
    expect(financialYearOf(new Date('2026-03-31T20:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-12-31T12:00:00Z'))).toBe('2099-00');
    expect(invoiceNumber('2026-27', 42)).toBe('INV/2627/000042');
    expect(invoiceNumber('2099-00', 1_234_567)).toBe('INV/9900/1234567');
    // GST rule 46(b): at most sixteen characters.
    expect(invoiceNumber('2026-27', 9_999_999).length).toBeLessThanOrEqual(16);
  });

  it('numbers in words in the Indian system', () => {
    expect(wholeInWords(0)).toBe('Zero');
    expect(wholeInWords(15)).toBe('Fifteen');
    expect(wholeInWords(105)).toBe('One Hundred Five');
    expect(wholeInWords(1000)).toBe('One Thousand');
    expect(wholeInWords(99_999)).toBe('Ninety Nine Thousand Nine Hundred Ninety Nine');
    expect(wholeInWords(100_000)).toBe('One Lakh');
    expect(wholeInWords(123_456_789)).toBe('Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine');
    expect(wholeInWords(1_000_000_000)).toBe('One Hundred Crore');
    expect(amountInWords(toPaise('15748.95'))).toBe('Rupees Fifteen Thousand Seven Hundred Forty Eight and Ninety Five Paise Only');
    expect(amountInWords(toPaise('5000'))).toBe('Rupees Five Thousand Only');
    expect(amountInWords(toPaise('0.05'))).toBe('Rupees Zero and Five Paise Only');
  });

  it('splits tax within the state in halves, the odd paisa to SGST; across states all IGST', () => {
    expect(splitTax(toPaise('749.95'), true)).toEqual({ cgst: 37497n, sgst: 37498n, igst: 0n });
    expect(splitTax(toPaise('749.95'), false)).toEqual({ cgst: 0n, sgst: 0n, igst: 74995n });
    for (const tax of [0n, 1n, 2n, 99999n]) {
      const s = splitTax(tax, true);
      expect(s.cgst + s.sgst + s.igst).toBe(tax);
    }
    expect(fromPaise(toPaise('1234.5'))).toBe('1234.50');
    expect(fromPaise(-5n)).toBe('-0.05');
  });
});

describe('PIN code and state', () => {
  it('a PIN code fits the states of its India Post zone; 9 (Army Postal Service) fits any', async () => {
    const { pincodeFitsState } = await import('../../../contracts/places');
    expect(pincodeFitsState('560034', 'Karnataka')).toBe(true);
    expect(pincodeFitsState('411001', 'Karnataka')).toBe(false);
    expect(pincodeFitsState('110001', 'Delhi')).toBe(true);
    expect(pincodeFitsState('160017', 'Chandigarh')).toBe(true);
    expect(pincodeFitsState('533464', 'Puducherry')).toBe(true); // Yanam
    expect(pincodeFitsState('605001', 'Pondicherry')).toBe(true);
    expect(pincodeFitsState('737101', 'Sikkim')).toBe(true);
    expect(pincodeFitsState('403001', 'Goa')).toBe(true);
    expect(pincodeFitsState('744101', 'Andaman and Nicobar Islands')).toBe(true);
    expect(pincodeFitsState('194101', 'Ladakh')).toBe(true);
    expect(pincodeFitsState('900001', 'Kerala')).toBe(true);
    expect(pincodeFitsState('700016', 'Maharashtra')).toBe(false);
  });
});
