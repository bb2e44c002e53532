import type { ComponentType, ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { termOf } from '../../components/ui/term';
import { cn } from '../../lib/cn';

const Row = termOf({ row: 'flex items-baseline justify-between gap-3', term: 'text-slate-500', value: 'font-medium text-slate-900 tabular-nums' });

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

/** One group of figures: a headline value and the figures behind it. */
export function FigureCard({
  title,
  icon: Icon,
  headline,
  rows,
  footer,
  className,
}: {
  title: string;
  icon: Icon;
  headline: ReactNode;
  rows: Array<[string, ReactNode]>;
  footer?: ReactNode;
  className?: string;
}) {
  const id = `fig-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card aria-labelledby={id} className={cn('flex flex-col p-5', className)}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-sm font-semibold text-slate-600">
          {title}
        </h2>
        <span className="flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
      </div>
      <p className="mt-2 text-2xl font-bold tracking-tight break-words text-slate-900 tabular-nums">{headline}</p>
      <dl className="mt-3 space-y-1.5 border-t border-slate-100 pt-3 text-sm">
        {rows.map(([label, value]) => (
          <Row key={label} term={label}>
            {value}
          </Row>
        ))}
      </dl>
      {footer ? <div className="mt-auto pt-4">{footer}</div> : null}
    </Card>
  );
}
