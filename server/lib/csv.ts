/**
 * One CSV cell. Spreadsheet programs run cells starting with = + - @ tab or CR as formulas; a leading
 * quote keeps them text. With `signedNumbers`, a plain negative amount ("-2.80") stays a number.
 */
export function csvCell(value: string | number, opts: { signedNumbers?: boolean } = {}): string {
  const s = String(value);
  const formula = /^[=+\-@\t\r]/.test(s) && !(opts.signedNumbers && /^-\d+(\.\d+)?$/.test(s));
  const safe = formula ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
