import type { ComponentProps, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return <section className={cn('rounded-2xl border border-slate-200 bg-white shadow-sm', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('space-y-1 px-5 pt-5 sm:px-6 sm:pt-6', className)} {...props} />;
}

/** A card's heading; with an icon, the icon in the brand colour before the words. */
export function CardTitle({ className, icon: Icon, children, ...props }: ComponentProps<'h2'> & { icon?: LucideIcon }) {
  return (
    <h2 className={cn('text-base font-semibold text-slate-900 sm:text-lg', Icon && 'flex items-center gap-2', className)} {...props}>
      {Icon ? <Icon aria-hidden="true" className="size-5 text-brand-600" /> : null}
      {children}
    </h2>
  );
}

/**
 * A card with its heading: the icon, title and description over the content, and its footer. With an `id`, the card
 * is named by its heading (aria-labelledby).
 */
export function TitledCard({
  id,
  icon,
  title,
  description,
  className,
  contentClassName,
  footer,
  children,
}: {
  id?: string;
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  contentClassName?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className={className}>
      <CardHeader>
        <CardTitle id={id} icon={icon}>
          {title}
        </CardTitle>
        {description !== undefined ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
      {footer}
    </Card>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-slate-500', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 py-5 sm:px-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-wrap items-center gap-3 border-t border-slate-100 px-5 py-4 sm:px-6', className)} {...props} />;
}
