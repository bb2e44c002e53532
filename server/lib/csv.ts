import { Transform } from 'node:stream';

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

const VALUE_BYTES = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_:-') VALUE_BYTES[c.charCodeAt(0)] = 1;

/**
 * A stream of CSV text in which some cells are `marker` followed by a value to decode (characters `A-Za-z0-9_:-`,
 * so never quoted): each such cell becomes `decode(value)` as a CSV cell, every other byte passes as it is. The admin
 * export has PostgreSQL write the CSV and opens here the one column only the app can decrypt (the payout wallet,
 * encrypted at rest). The marker is random for each export, so no other cell can hold it. The stream stays bytes
 * (the marker and the values are ASCII, so a multi-byte character is never cut into): only the marked cells cost
 * any work beyond a search for the marker.
 */
export function decodeMarkedCells(marker: string, decode: (value: string) => string): Transform {
  if (!/^[A-Za-z0-9]{16,}$/.test(marker)) throw new Error('the marker must be 16 or more letters and digits');
  const mark = Buffer.from(marker, 'ascii');
  let carry: Buffer = Buffer.alloc(0);
  const convert = (buf: Buffer, final: boolean): Buffer => {
    const out: Buffer[] = [];
    let from = 0;
    for (;;) {
      const at = buf.indexOf(mark, from);
      if (at < 0) break;
      let end = at + mark.length;
      while (end < buf.length && VALUE_BYTES[buf[end]]) end++;
      // The value may go on in the next chunk: keep it, from the marker, for then.
      if (end === buf.length && !final) {
        out.push(buf.subarray(from, at));
        carry = buf.subarray(at);
        return Buffer.concat(out);
      }
      out.push(buf.subarray(from, at), Buffer.from(csvCell(decode(buf.toString('latin1', at + mark.length, end))), 'utf8'));
      from = end;
    }
    // A marker may start in the last bytes of this chunk: they wait for the next one.
    const keep = final ? 0 : Math.min(mark.length - 1, buf.length - from);
    out.push(buf.subarray(from, buf.length - keep));
    carry = buf.subarray(buf.length - keep);
    return out.length === 1 ? out[0] : Buffer.concat(out);
  };
  const run = (chunk: Buffer, final: boolean, done: (err?: Error | null, out?: Buffer) => void) => {
    try {
      const out = convert(carry.length ? Buffer.concat([carry, chunk]) : chunk, final);
      done(null, out.length ? out : undefined);
    } catch (err) {
      done(err as Error);
    }
  };
  return new Transform({
    transform: (chunk: Buffer, _enc, done) => run(chunk, false, done),
    flush: (done) => run(Buffer.alloc(0), true, done),
  });
}
