import { inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { MSG } from '../../../contracts/messages';
import { badRequest } from '../../core/app-error';
import { checkDocument, type SniffedType } from './file-type';

/** Pixels an uploaded image may declare (a 48-megapixel phone photo fits; 100,000 x 100,000 does not). */
export const IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/** The longer side of a stored image: enough to read a card or a cheque, small enough to show at once. */
export const IMAGE_MAX_SIDE = 4000;
/** What a PDF's compressed streams may inflate to while they are searched (a zip bomb stops here). */
const PDF_MAX_INFLATED = 64 * 1024 * 1024;

/**
 * PDF names that make a viewer act on its own: scripts, launching programs, files carried inside, and the
 * forms and media that can carry either. Compared after the name's #xx escapes are decoded.
 */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|ImportData|SubmitForm|GoToE)(?![A-Za-z0-9])/;

const refuse = (field: string, message: string = MSG.kycFileType) => badRequest(message, { [field]: [message] }, 'INVALID_FILE_TYPE');

/**
 * Checks a decoded upload and returns the bytes to store (issue 13): an image is decoded and encoded again, turned
 * upright, capped at IMAGE_MAX_SIDE and stripped of its metadata, so nothing but pixels survives (a program behind an
 * image signature, a camera's location, a declared size no decoder should allocate); a PDF is refused when it carries
 * JavaScript, launch actions or embedded files. Anything that does not decode is refused with the documents' message.
 */
export async function safeDocument(bytes: Buffer, opts: { maxBytes: number; isPhoto: boolean; field: string; sizeMessage: string }): Promise<{ bytes: Buffer; contentType: SniffedType }> {
  const contentType = checkDocument(bytes, opts);
  if (contentType === 'application/pdf') {
    if (pdfIsActive(bytes)) throw refuse(opts.field, MSG.pdfActiveContent);
    return { bytes, contentType };
  }
  return { bytes: await reencodeImage(bytes, contentType, opts.field), contentType };
}

async function reencodeImage(bytes: Buffer, type: 'image/jpeg' | 'image/png', field: string): Promise<Buffer> {
  try {
    const image = sharp(bytes, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    // sharp writes no metadata unless asked (no EXIF, no GPS, no comments).
    return await (type === 'image/jpeg' ? image.jpeg({ quality: 88 }) : image.png({ compressionLevel: 9 })).toBuffer();
  } catch {
    throw refuse(field);
  }
}

/** Whether the PDF's objects, plain or inside Flate streams (object streams included), name active content. */
export function pdfIsActive(bytes: Buffer): boolean {
  const text = bytes.toString('latin1');
  if (PDF_ACTIVE.test(unescapeNames(text))) return true;
  let inflated = 0;
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(text); m; m = streams.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    let out: Buffer;
    try {
      out = inflateSync(bytes.subarray(start, end), { maxOutputLength: PDF_MAX_INFLATED - inflated });
    } catch (err) {
      // Not Flate (an image's DCT, say) is fine; a stream that inflates past the budget is refused.
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return true;
      streams.lastIndex = end;
      continue;
    }
    inflated += out.length;
    if (PDF_ACTIVE.test(unescapeNames(out.toString('latin1')))) return true;
    streams.lastIndex = end;
  }
  return false;
}

/** `/J#61vaScript` is `/JavaScript` to a viewer. */
const unescapeNames = (s: string) => s.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
