import { useState } from 'react';
import { Download } from 'lucide-react';
import { apiGetFile, errorMessage } from '../../lib/api';
import { Button, type ButtonProps } from './button';
import { toastError } from './toast';

/** Saves a blob under its name through a temporary link (the answer's own name when the server gave one). */
function save(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * A button that downloads a file from the API (an invoice PDF, issue 15). A refusal (409 "Your invoice is being
 * prepared", 404) is told in a toast with the server's message instead of a saved error page.
 */
export function DownloadButton({
  href,
  fileName,
  label,
  errorTitle = 'Download failed',
  ...props
}: { href: string; fileName: string; label: string; errorTitle?: string } & Omit<ButtonProps, 'onClick' | 'loading' | 'children'>) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await apiGetFile(href);
      save(file.blob, file.fileName ?? fileName);
    } catch (err) {
      toastError(errorMessage(err, 'The file could not be downloaded. Please try again.'), errorTitle);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" size="sm" {...props} loading={busy} onClick={() => void run()}>
      {busy ? null : <Download aria-hidden="true" className="size-4" />}
      {label}
    </Button>
  );
}
