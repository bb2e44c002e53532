/** Reads a file as a data URL and splits it into its content type and bare base64. */
export function readFileAsBase64(file: File): Promise<{ base64: string; contentType: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error('Failed to read file'));
    reader.onload = () => {
      const result = String(reader.result ?? '');
      const comma = result.indexOf(',');
      const header = result.slice(0, comma);
      const contentType = /^data:([^;]+)/.exec(header)?.[1] || file.type || 'application/octet-stream';
      resolve({ base64: comma >= 0 ? result.slice(comma + 1) : result, contentType });
    };
    reader.readAsDataURL(file);
  });
}

const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'];
const ALLOWED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'];

/** JPEG, PNG, JPG or PDF by MIME type, or by extension when the browser gives no type. */
export function isAllowedDocument(file: File): boolean {
  if (file.type) return ALLOWED_TYPES.includes(file.type.toLowerCase());
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return ALLOWED_EXTENSIONS.includes(ext);
}

export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
