import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

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

/** Where the field that starts at `from` ends: the index of the comma after it, or the row's length. */
function fieldEnd(row: string, from: number): number {
  if (row[from] !== '"') {
    const comma = row.indexOf(',', from);
    return comma < 0 ? row.length : comma;
  }
  let at = from + 1;
  for (;;) {
    const quote = row.indexOf('"', at);
    if (quote < 0) return row.length;
    if (row[quote + 1] === '"') at = quote + 2;
    else return quote + 1;
  }
}

/** The row with field `position` (0-based) replaced by `cell`, already a CSV cell. */
export function replaceCsvField(row: string, position: number, cell: string): string {
  let start = 0;
  for (let f = 0; f < position; f++) start = fieldEnd(row, start) + 1;
  return row.slice(0, start) + cell + row.slice(fieldEnd(row, start));
}

/**
 * A stream of CSV rows (RFC 4180, `\n` between rows, as PostgreSQL's COPY writes them) whose every row starts with
 * one extra field, a carrier: it is removed, and when it is not empty, `decode(carrier)` becomes the cell at
 * `position` of the rest of the row. The admin export has PostgreSQL write the CSV and fills in here the one column
 * only the app can decrypt (the payout wallet, encrypted at rest). Row ends are the newlines outside quotes, found
 * by counting quotes, so quoted cells may hold commas, quotes and line breaks.
 */
export function fillCsvColumn(position: number, decode: (carrier: string) => string): Transform {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  const row = (line: string) => {
    const comma = line.indexOf(',');
    if (comma < 0) return line;
    const carrier = line.slice(0, comma);
    const rest = line.slice(comma + 1);
    if (carrier === '' || carrier === '""') return rest;
    return replaceCsvField(rest, position, csvCell(decode(carrier)));
  };
  const rows = (text: string, final: boolean) => {
    const out: string[] = [];
    let rowStart = 0;
    let quotes = 0;
    let nextQuote = text.indexOf('"');
    for (let pos = 0; ;) {
      const nl = text.indexOf('\n', pos);
      if (nl < 0) break;
      while (nextQuote >= 0 && nextQuote < nl) {
        quotes++;
        nextQuote = text.indexOf('"', nextQuote + 1);
      }
      pos = nl + 1;
      if (quotes % 2 === 0) {
        out.push(row(text.slice(rowStart, nl)), '\n');
        rowStart = pos;
        quotes = 0;
      }
    }
    carry = text.slice(rowStart);
    if (final && carry) {
      out.push(row(carry));
      carry = '';
    }
    return out.join('');
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        const out = rows(carry + decoder.write(chunk), false);
        done(null, out || undefined);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      try {
        const out = rows(carry + decoder.end(), true);
        done(null, out || undefined);
      } catch (err) {
        done(err as Error);
      }
    },
  });
}
