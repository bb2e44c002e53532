import { deflateSync } from 'node:zlib';

/** Small PNG files built byte by byte, for upload tests that need a real image of a given size (or one that only claims it). */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An 8-bit RGB PNG whose header says width x height, with `raw` (filter bytes and pixels, uncompressed) as its data. */
function rgbPng(width: number, height: number, raw: Buffer) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A real RGB PNG of one colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number] = [79, 70, 229]) {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  return rgbPng(width, height, Buffer.concat(Array.from({ length: height }, () => row)));
}

/** A well-formed PNG whose header declares width x height, with one tiny compressed row (decoding it would need all the pixels). */
export function declaredPng(width: number, height: number) {
  return rgbPng(width, height, Buffer.alloc(4));
}
