import { IMAGE_MAX_WIDTH, IMAGE_QUALITY, isImageFile } from './documents';

export type ProcessStage = 'compressing' | 'uploading';

export interface ProcessedDocument {
  dataUrl: string;
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

/** Reads a blob as a data URL, reporting the percent read. */
export function readAsDataUrl(blob: Blob, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    reader.onerror = () => reject(new Error('Failed to read file'));
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      if (!result.startsWith('data:')) return reject(new Error('Failed to read file'));
      onProgress(100);
      resolve(result);
    };
    reader.readAsDataURL(blob);
  });
}

/**
 * One document from a picked file to the data URL the payload carries (doc 1 §3): images are
 * compressed first, PDFs pass through as they are.
 */
export async function processDocument(file: File, onStage: (stage: ProcessStage, percent: number) => void): Promise<ProcessedDocument> {
  let blob: Blob = file;
  if (isImageFile(file)) {
    onStage('compressing', 0);
    blob = await compressImage(file);
  }
  onStage('uploading', 0);
  const dataUrl = await readAsDataUrl(blob, (percent) => onStage('uploading', percent));
  return { dataUrl, size: blob.size };
}
