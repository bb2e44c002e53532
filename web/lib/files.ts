const ALLOWED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'pdf'];
const ALLOWED_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'];

/** JPEG, PNG, JPG or PDF by MIME type, or by extension when the browser gives no type. */
export function isAllowedDocument(file: File): boolean {
  if (file.type) return ALLOWED_TYPES.includes(file.type.toLowerCase());
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return ALLOWED_EXTENSIONS.includes(ext);
}

export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
