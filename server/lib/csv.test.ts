import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { csvCell, fillCsvColumn, replaceCsvField } from './csv';

const run = async (chunks: string[], position = 2) =>
  text(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(fillCsvColumn(position, (carrier) => `<${carrier}>`)));

describe('replaceCsvField', () => {
  it('replaces the field at a position, quoted fields before it included', () => {
    expect(replaceCsvField('a,b,"",d', 2, 'X')).toBe('a,b,X,d');
    expect(replaceCsvField('"a,1","b ""q""\nz","",d', 2, 'X')).toBe('"a,1","b ""q""\nz",X,d');
    expect(replaceCsvField('a,b,', 2, 'X')).toBe('a,b,X');
  });
});

describe('fillCsvColumn', () => {
  it('removes the carrier and fills its decoded value in, leaving rows without one as they are', async () => {
    expect(await run(['w1,a,b,"",d\n,e,f,"",g\n""', ',h,i,"",j\n'])).toBe('a,b,<w1>,d\ne,f,"",g\nh,i,"",j\n');
  });

  it('finds rows across chunks, with quoted commas, quotes and line breaks, and multi-byte characters split', async () => {
    const rows = 'wA,"Ná,me","say ""hi""\nthere","",x\nwB,"Ωmega",b,"",y\n';
    const bytes = Buffer.from(rows);
    const expected = '"Ná,me","say ""hi""\nthere",<wA>,x\n"Ωmega",b,<wB>,y\n';
    for (let cut = 1; cut < bytes.length; cut += 3) {
      const out = await text(Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(fillCsvColumn(2, (c) => `<${c}>`)));
      expect(out).toBe(expected);
    }
  });

  it('quotes and de-formulas the filled value as any cell', async () => {
    const out = await text(Readable.from([Buffer.from('e,a,b,"",d\n')]).pipe(fillCsvColumn(2, () => '=1+1,"x"')));
    expect(out).toBe(`a,b,${csvCell('=1+1,"x"')},d\n`);
    expect(out).toContain('"\'=1+1,""x"""');
  });

  it('fails the stream when a value does not decode', async () => {
    const failing = Readable.from([Buffer.from('bad,a,b,"",d\n')]).pipe(fillCsvColumn(2, () => {
      throw new Error('no key');
    }));
    await expect(text(failing)).rejects.toThrow('no key');
  });
});
