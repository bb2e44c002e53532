import { SearchX } from 'lucide-react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, DialogContent, DialogFooter } from './dialog';

/**
 * What a link to a record shows when that record is not there: a wrong or shortened id, a record since deleted, or
 * one this list does not hold. Closing it drops the id from the address.
 */
export function RecordNotFound({ what, id, onClose, hint }: { what: string; id: string; onClose: () => void; hint?: string }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`${what[0].toUpperCase()}${what.slice(1)} not found`} description={hint ?? `No ${what} with this id is here. The link may be wrong or the ${what} may have been removed.`}>
        <div data-record-not-found={id} className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <SearchX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <p className="min-w-0 break-all">
            Id in the link: <span className="font-mono">{id}</span>
          </p>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>Back to the list</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The same news above an own list whose linked record (?id=) is not among the member's: `title` names what was
 * missed, `showAll` drops the id from the address, `mine` is the list in words ("orders").
 */
export function RecordNotFoundAlert({ title, mine, id, showAll, onClose, className }: { title: string; mine: string; id: string; showAll: string; onClose: () => void; className?: string }) {
  return (
    <Alert
      tone="warning"
      title={title}
      className={className}
      action={
        <Button size="sm" variant="outline" onClick={onClose}>
          {showAll}
        </Button>
      }
    >
      None of your {mine} has the id “{id}”. The link may be wrong or meant for another account.
    </Alert>
  );
}
