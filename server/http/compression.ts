import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Answers smaller than this go as they are: below about a kilobyte the saving is less than a packet (issue 14). */
export const COMPRESS_THRESHOLD = 1024;
/** Above this the work moves to the thread pool; below it the synchronous call is cheaper than the hop. */
const SYNC_LIMIT = 64 * 1024;
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/i;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Quality 5 / level 6: most of the saving at a small fraction of the cost of the maximum (the static files are
// compressed at the maximum once, at build time: vite.config.ts).
const BROTLI = { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 5 } };
const GZIP = { level: 6 };

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts among br and gzip (q-values honoured, `*` included), or undefined. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of [header].flat().join(',').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  // Equal weights: brotli, the smaller.
  const best = (['br', 'gzip'] as const).filter((e) => weight(e) > 0).sort((a, b) => weight(b) - weight(a))[0];
  return best;
}

export function addVary(reply: FastifyReply, header: string) {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes('*') || names.includes(header.toLowerCase())) return;
  reply.header('vary', current ? `${current}, ${header}` : header);
}

/**
 * Compresses text answers held in memory (JSON above all) with brotli or gzip, as the client accepts, from
 * COMPRESS_THRESHOLD bytes up. Streams (document downloads, CSV exports, the static files, which are served
 * precompressed) and answers already encoded pass untouched.
 */
export function installCompression(app: FastifyInstance) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || req.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_THRESHOLD) return payload;
    // The answer depends on Accept-Encoding from here on, whatever this client asked for.
    addVary(reply, 'accept-encoding');
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      size <= SYNC_LIMIT
        ? encoding === 'br'
          ? brotliCompressSync(payload, BROTLI)
          : gzipSync(payload, GZIP)
        : encoding === 'br'
          ? await brotliAsync(payload, BROTLI)
          : await gzipAsync(payload, GZIP);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
