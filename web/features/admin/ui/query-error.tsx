import { RotateCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';

/** The error state of a list: the catalogue's title, the server's message, and a retry. */
export function QueryError({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry: () => void; retrying?: boolean }) {
  const detail = errorMessage(error, '');
  return (
    <Alert
      tone="danger"
      role="alert"
      title={title}
      action={
        <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
          {retrying ? null : <RotateCw aria-hidden="true" className="size-3.5" />} Try again
        </Button>
      }
    >
      {detail || 'The server could not be reached. Check your connection and try again.'}
    </Alert>
  );
}
