/**
 * The arithmetic of a GST tax invoice (issue 15), in paise: the financial year of a date in India, the invoice
 * number, and the amount in words in the Indian system (lakh, crore) that an accountant expects on the invoice.
 */

// The financial year is the calendar's, not the invoice's: grievance numbers use it too (server/lib/time.ts).
export { financialYearOf } from '../../lib/time';

/**
 * INV/2627/000001 (financial year 2026-27): the series restarts each financial year and has no gaps. GST rule 46(b)
 * allows sixteen characters: fifteen here up to 999,999 invoices a year, sixteen up to 9,999,999.
 */
export const invoiceNumber = (financialYear: string, serial: number) => `INV/${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}/${String(serial).padStart(6, '0')}`;

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words, Indian grouping: 12,34,56,789 = Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine. */
export function wholeInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [crore ? `${wholeInWords(crore)} Crore` : '', lakh ? `${belowHundred(lakh)} Lakh` : '', thousand ? `${belowHundred(thousand)} Thousand` : '', rest ? belowThousand(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** 'Rupees One Thousand Two Hundred Thirty Four and Fifty Paise Only' for 123450 paise. */
export function amountInWords(paise: bigint): string {
  if (paise < 0n) throw new RangeError('negative amount');
  const rupees = Number(paise / 100n);
  const p = Number(paise % 100n);
  return `Rupees ${wholeInWords(rupees)}${p ? ` and ${belowHundred(p)} Paise` : ''} Only`;
}

/** Paise of a decimal string with at most two places ('1234.5' -> 123450n). */
export function toPaise(amount: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) throw new RangeError(`not an amount: ${amount}`);
  const value = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -value : value;
}

export const fromPaise = (paise: bigint) => {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * The tax of a sale split by place of supply: CGST and SGST halves (the odd paisa to SGST) within the seller's state,
 * IGST otherwise. The halves are computed the same way in the issuing SQL (invoice.repo.ts).
 */
export function splitTax(taxPaise: bigint, intraState: boolean) {
  if (!intraState) return { cgst: 0n, sgst: 0n, igst: taxPaise };
  const cgst = taxPaise / 2n;
  return { cgst, sgst: taxPaise - cgst, igst: 0n };
}
