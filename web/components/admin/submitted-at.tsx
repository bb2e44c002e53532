import { formatDistanceToNow } from 'date-fns';
import { cn } from '../../lib/cn';
import { formatDateTimeUS } from '../../lib/admin/format';

/** "3 hours ago", with the exact time on hover and for assistive technology. */
export function SubmittedAt({ value, className }: { value: string; className?: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span className={className}>—</span>;
  return (
    <time dateTime={value} title={formatDateTimeUS(value)} className={cn('whitespace-nowrap', className)}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
