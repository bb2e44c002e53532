import { MSG } from '../../../contracts/messages';
import { badRequest } from '../../core/app-error';

export type SniffedType = 'image/jpeg' | 'image/png' | 'application/pdf';

/** The real type from the first bytes; the name and the declared type are not trusted. */
export function sniffFileType(bytes: Buffer): SniffedType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

const BASE64_RE = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Accepts plain base64 or a data URL (a JSON body), or the bytes themselves (a form); refuses with the documents' message. */
export function decodeDocument(data: string | Buffer, field: string): Buffer {
  if (Buffer.isBuffer(data)) return data;
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const raw = (comma >= 0 ? data.slice(comma + 1) : data).replace(/\s+/g, '');
  if (!raw || !BASE64_RE.test(raw)) throw badRequest(MSG.kycFileType, { [field]: [MSG.kycFileType] }, 'INVALID_FILE_TYPE');
  return Buffer.from(raw, raw.includes('-') || raw.includes('_') ? 'base64url' : 'base64');
}

/** Checks a decoded document: real type, size, and that a photo is an image (docs/spec/decisions.md §7). */
export function checkDocument(bytes: Buffer, opts: { maxBytes: number; isPhoto: boolean; field: string; sizeMessage: string }): SniffedType {
  if (bytes.length === 0) throw badRequest(MSG.kycFileRequired, { [opts.field]: [MSG.kycFileRequired] });
  if (bytes.length > opts.maxBytes) throw badRequest(opts.sizeMessage, { [opts.field]: [opts.sizeMessage] }, 'FILE_TOO_LARGE');
  const type = sniffFileType(bytes);
  if (!type) throw badRequest(MSG.kycFileType, { [opts.field]: [MSG.kycFileType] }, 'INVALID_FILE_TYPE');
  if (opts.isPhoto && type === 'application/pdf') throw badRequest(MSG.photoNotPdf, { [opts.field]: [MSG.photoNotPdf] }, 'INVALID_FILE_TYPE');
  return type;
}
