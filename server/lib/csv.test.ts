import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { csvCell, decodeMarkedCells } from './csv';

const MARK = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const through = (chunks: (string | Buffer)[], decode: (v: string) => string = (v) => `<${v}>`) =>
  text(Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c))).pipe(decodeMarkedCells(MARK, decode)));

describe('decodeMarkedCells', () => {
  it('replaces each marked cell by its decoded value and leaves everything else as it is', async () => {
    const csv = `U1,"Ná, me","",x\nU2,"say ""hi""\nthere",${MARK}v1:kid:abc-_9,y\nU3,Ωmega,${MARK}v1:k:z,\n`;
    expect(await through([csv])).toBe('U1,"Ná, me","",x\nU2,"say ""hi""\nthere",<v1:kid:abc-_9>,y\nU3,Ωmega,<v1:k:z>,\n');
  });

  it('finds markers and values cut across chunks, multi-byte characters split too', async () => {
    const csv = Buffer.from(`Ωx,${MARK}v1:one:AAAA,é\nΩy,"",${MARK}v1:two:BBBB\n`);
    const expected = 'Ωx,<v1:one:AAAA>,é\nΩy,"",<v1:two:BBBB>\n';
    for (let cut = 1; cut < csv.length; cut++) expect(await through([csv.subarray(0, cut), csv.subarray(cut)])).toBe(expected);
    expect(await through([...csv].map((b) => Buffer.from([b])))).toBe(expected);
  });

  it('quotes and de-formulas the decoded value as any cell', async () => {
    const out = await through([`a,${MARK}v1:x:y,b\n`], () => '=1+1,"x"');
    expect(out).toBe(`a,${csvCell('=1+1,"x"')},b\n`);
    expect(out).toContain('"\'=1+1,""x"""');
  });

  it('fails the stream when a value does not decode, and refuses a guessable marker', async () => {
    await expect(
      through([`a,${MARK}v1:x:y\n`], () => {
        throw new Error('no key');
      }),
    ).rejects.toThrow('no key');
    expect(() => decodeMarkedCells('short', (v) => v)).toThrow();
  });
});
