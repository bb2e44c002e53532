import { IMAGE_MAX_WIDTH, IMAGE_QUALITY, isImageFile } from './documents';

export type ProcessStage = 'compressing' | 'uploading';

export interface ProcessedDocument {
  /** The document as it is sent: the compressed JPEG of an image, the PDF's own bytes. */
  blob: Blob;
  /** Bytes of the encoded document (after compression for images). */
  size: number;
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  const img = new Image();
  img.decoding = 'async';
  img.src = url;
  return img
    .decode()
    .then(() => img)
    .finally(() => URL.revokeObjectURL(url));
}

/**
 * Re-encodes an image as JPEG, at most IMAGE_MAX_WIDTH wide, quality IMAGE_QUALITY (doc 1 §5).
 * Transparent areas of a PNG become white instead of JPEG's black.
 */
export async function compressImage(file: Blob): Promise<Blob> {
  const img = await loadImage(file);
  if (!img.naturalWidth || !img.naturalHeight) throw new Error('Image has no size');
  const scale = Math.min(1, IMAGE_MAX_WIDTH / img.naturalWidth);
  const width = Math.max(1, Math.round(img.naturalWidth * scale));
  const height = Math.max(1, Math.round(img.naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(img, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Compression failed'))), 'image/jpeg', IMAGE_QUALITY);
  });
}

/**
 * Reads a blob into memory, reporting the percent read: the form later sends these bytes, so a file that changes or
 * disappears on disk after it was picked cannot change or break the registration.
 */
export function readIntoMemory(blob: Blob, onProgress: (percent: number) => void): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    reader.onerror = () => reject(new Error('Failed to read file'));
    reader.onload = () => {
      if (!(reader.result instanceof ArrayBuffer)) return reject(new Error('Failed to read file'));
      onProgress(100);
      resolve(new Blob([reader.result], { type: blob.type }));
    };
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * One document from a picked file to the bytes the form sends (doc 1 §3): images are compressed first, PDFs pass
 * through as they are.
 */
export async function processDocument(file: File, onStage: (stage: ProcessStage, percent: number) => void): Promise<ProcessedDocument> {
  let blob: Blob = file;
  if (isImageFile(file)) {
    onStage('compressing', 0);
    blob = await compressImage(file);
  }
  onStage('uploading', 0);
  const read = await readIntoMemory(blob, (percent) => onStage('uploading', percent));
  return { blob: read, size: read.size };
}
