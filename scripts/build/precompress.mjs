// Writes a .br and a .gz twin beside every text file of the built client, once, at the highest settings; the
// server sends the twin the browser accepts (@fastify/static preCompressed, server/app.ts) and compresses nothing
// per request for these files.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterBuild } from './after-build.mjs';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // .vite holds the build manifest, read by the budget check and never served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

export function precompressDir(dir) {
  let count = 0;
  for (const path of files(dir)) {
    const bytes = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}

/** Vite plugin: runs after the bundle and the public folder are written. */
export const precompress = () => afterBuild('precompress', precompressDir);
