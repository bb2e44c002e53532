import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest } from '../core/app-error';
import { MSG } from '../../contracts/messages';

/**
 * Uploads as `multipart/form-data`, read as a stream (issue 13): the file's bytes are counted as they arrive and the
 * read stops at the first byte past the limit, so a caller can make the server hold at most the limit, whatever they
 * send. Identity and access are settled before any of it is read (http/routes.ts). The JSON body with the file as
 * base64 (doc 1 §7) stays accepted, capped by the route's `bodyLimit`.
 */
export async function installUploadForms(app: FastifyInstance) {
  await app.register(multipart, {
    // Fields are the document's short texts; one file per request.
    limits: { fields: 8, fieldSize: 1024, files: 1, parts: 10, headerPairs: 20, fieldNameSize: 64 },
  });
  // Once the answer is out (the parser has let go of the request by then), the rest of a stopped form is dropped.
  app.addHook('onResponse', async (req) => {
    if (stopped.has(req.raw)) discardRest(req.raw);
  });
}

const stopped = new WeakSet<object>();

/**
 * What a form whose reading stopped part-way may still send is read and dropped, up to this much: a connection
 * closed with unread bytes in it is reset, and the reset can reach the sender before the answer that says why. Past
 * this the connection is closed all the same (the answer has long been sent).
 */
export const DISCARD_AFTER_STOP = 64 * 1024 * 1024;

function discardRest(raw: FastifyRequest['raw']) {
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_AFTER_STOP) raw.socket?.destroy();
  });
  raw.resume();
}

export interface UploadedFile {
  bytes: Buffer;
  filename: string;
  mimetype: string;
}

export interface UploadForm {
  fields: Record<string, string>;
  /** The files by field name; a field the form did not carry is absent. */
  files: Record<string, UploadedFile>;
}

/** The file fields a route takes: each one's largest size in bytes and the message when it is larger. */
export type FileFields = Record<string, { maxBytes: number; sizeMessage: string }>;

/** Whether this request carries a form the route should read with `readUploadForm`. */
export const isUploadForm = (req: FastifyRequest) => {
  // Only routes flagged `uploadForm` carry the form reader (http/routes.ts).
  if (typeof req.isMultipart !== 'function') throw new Error(`${req.method} ${req.routeOptions.url} reads upload forms: flag it uploadForm in its RouteDef`);
  return req.isMultipart();
};

/** `maxFields`: how many text fields the route's form has at most (8 unless it says). */
export async function readUploadForm(req: FastifyRequest, accepted: FileFields, maxFields = 8): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, files: {} };
  const largest = Math.max(...Object.values(accepted).map((f) => f.maxBytes));
  try {
    // The parser stops a file one byte past the largest limit; that byte is how the loop below knows, as it arrives,
    // that the file is too large (at exactly the limit the parser would wait for the part's end, i.e. everything sent).
    const files = Object.keys(accepted).length;
    for await (const part of req.parts({ limits: { fileSize: largest + 1, files, fields: maxFields, parts: files + maxFields } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
        continue;
      }
      const rule = accepted[part.fieldname];
      if (!rule || form.files[part.fieldname]) throw badRequest(MSG.uploadFormTooManyParts);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        // Leaving the loop destroys the file stream, which stops reading the request.
        if (size > rule.maxBytes) throw tooLarge(part.fieldname, rule.sizeMessage);
        chunks.push(chunk);
      }
      if (part.file.truncated) throw tooLarge(part.fieldname, rule.sizeMessage);
      form.files[part.fieldname] = { bytes: Buffer.concat(chunks, size), filename: part.filename, mimetype: part.mimetype };
    }
  } catch (err) {
    if (!req.raw.readableEnded) stopped.add(req.raw);
    throw translate(err, accepted);
  }
  return form;
}

const tooLarge = (field: string, message: string) => badRequest(message, { [field]: [message] }, 'FILE_TOO_LARGE');

/** The multipart reader's own errors in the platform's shape (never a 500 for what a client sent). */
function translate(err: unknown, accepted: FileFields) {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const field = (err as { part?: { fieldname?: string } }).part?.fieldname ?? Object.keys(accepted)[0];
    return tooLarge(field, accepted[field]?.sizeMessage ?? MSG.kycFileSize);
  }
  if (code === 'FST_FILES_LIMIT') {
    return badRequest(MSG.uploadFormTooManyParts, undefined, 'VALIDATION_ERROR');
  }
  if (typeof code === 'string' && (code.startsWith('FST_') || code === 'ECONNRESET')) return badRequest(MSG.uploadFormMalformed);
  if (err instanceof Error && /unexpected end|terminated early|malformed|boundary/i.test(err.message)) return badRequest(MSG.uploadFormMalformed);
  return err;
}
