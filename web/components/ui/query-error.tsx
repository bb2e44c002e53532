import { RotateCw } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';
import { errorMessage } from '../../lib/api';

/** The error state of a read: a title, the server's message and a retry. */
export function QueryError({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry: () => void; retrying?: boolean }) {
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
      {errorMessage(error, '') || 'The server could not be reached. Check your connection and try again.'}
    </Alert>
  );
}
