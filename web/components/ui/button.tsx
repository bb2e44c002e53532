import type { ComponentProps, ComponentType } from 'react';
import { Slot } from './slot';
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover active:bg-primary-active',
  secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
  outline: 'border border-slate-300 bg-white text-slate-800 shadow-xs hover:bg-slate-50 hover:border-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  link: 'text-brand-700 underline-offset-4 hover:underline px-0! h-auto!',
} as const;

const sizes = {
  sm: 'h-8 px-3 text-sm gap-1.5 rounded-md',
  md: 'h-10 px-4 text-sm gap-2 rounded-lg',
  lg: 'h-11 px-5 text-base gap-2 rounded-lg',
  icon: 'size-9 rounded-lg',
} as const;

export type ButtonVariant = keyof typeof variants;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  loading?: boolean;
  /** Renders the single child (a link) with the button's look. */
  asChild?: boolean;
  fullWidth?: boolean;
  /** A lucide icon before the label, hidden from assistive technology (the label names the button). */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

export function Button({ variant = 'primary', size = 'md', loading = false, asChild = false, fullWidth = false, icon: Icon, className, disabled, children, type, ...props }: ButtonProps) {
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    'disabled:pointer-events-none disabled:opacity-60 cursor-pointer',
    variants[variant],
    sizes[size],
    fullWidth && 'w-full',
    className,
  );
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {children}
    </button>
  );
}
