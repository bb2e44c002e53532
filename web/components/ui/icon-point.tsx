import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * One point of a short list of steps or requirements: the icon in a brand-tinted badge, a title and a line of text.
 * `className` frames the point, `badgeClassName` shapes the badge; `children` go in the badge (a step's spoken number).
 */
export function IconPoint({
  icon: Icon,
  title,
  text,
  className,
  badgeClassName,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  className?: string;
  badgeClassName?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('flex gap-3', className)}>
      <div className={cn('flex size-9 shrink-0 items-center justify-center bg-brand-50 text-brand-700', badgeClassName)}>
        <Icon aria-hidden="true" className="size-4.5" />
        {children}
      </div>
      <div>
        <p className="text-sm font-semibold text-slate-900">{title}</p>
        <p className="text-sm text-slate-500">{text}</p>
      </div>
    </div>
  );
}
