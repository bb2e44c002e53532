import { Search, X } from 'lucide-react';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** A labelled search box with a clear button; the label may be visible or for assistive technology only. */
export function SearchInput({
  id,
  label,
  value,
  onChange,
  placeholder,
  labelVisible = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  labelVisible?: boolean;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={cn(labelVisible ? 'block text-sm font-medium text-slate-700' : 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <Input id={id} type="search" value={value} onChange={(e) => onChange(e.target.value)} placeholder={placeholder} className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden" />
        {value ? (
          <button type="button" onClick={() => onChange('')} className="absolute top-1/2 right-2 -translate-y-1/2 cursor-pointer rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700">
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">Clear search</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}
