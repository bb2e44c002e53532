/** A data: URL as a same-origin blob address a new window can open. */
function blobAddress(dataUrl: string): string {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('not a data URL');
  const text = match[2] ? atob(match[3]) : decodeURIComponent(match[3]);
  const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: match[1] || 'application/octet-stream' }));
}

/**
 * Opens a KYC document in a new window (doc 3 §2.2, §8): its url, or its data when only that exists.
 * Each failure is told with the document's own alert text.
 */
export function viewDocument(type: string, doc: { url: string | null; documentData: string | null }) {
  if (!doc.url && !doc.documentData) {
    window.alert(`No document available for ${type}. Please upload a document first.`);
    return;
  }
  try {
    const address = doc.url ?? blobAddress(doc.documentData!);
    // Not 'noopener': with it window.open answers null even when the window opened, hiding a blocked popup.
    const opened = window.open(address, '_blank');
    if (!opened) {
      window.alert('Please allow popups to view documents.');
      return;
    }
    opened.opener = null;
  } catch {
    window.alert(`Error opening ${type} document. Please try again.`);
  }
}
