import { cn } from '../../lib/cn';

export function Avatar({ text, className }: { text: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-800 text-sm font-semibold text-white ring-2 ring-white', className)}
    >
      {text}
    </span>
  );
}
