import { Filter, RotateCcw } from 'lucide-react';
import { Button } from '../ui/button';
import { cn } from '../../lib/cn';

/** The end of a filter form: Clear while a filter is applied, then Apply (the form's submit). */
export function FilterActions({ filtered, onClear, applyLabel = 'Apply', className }: { filtered: boolean; onClear: () => void; applyLabel?: string; className?: string }) {
  return (
    <div className={cn('flex gap-2', className)}>
      {filtered ? (
        <Button variant="ghost" onClick={onClear} icon={RotateCcw}>
          Clear
        </Button>
      ) : null}
      <Button type="submit" className="flex-1 sm:flex-none">
        <Filter aria-hidden="true" className="size-4" /> {applyLabel}
      </Button>
    </div>
  );
}
