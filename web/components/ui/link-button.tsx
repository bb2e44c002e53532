import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { Button, type ButtonProps } from './button';

/** A link inside the app drawn as a button, with an optional icon before its words (hidden from assistive technology). */
export function LinkButton({
  to,
  icon: Icon,
  children,
  ...look
}: Pick<ButtonProps, 'variant' | 'size' | 'fullWidth' | 'className'> & {
  to: string;
  icon?: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Button asChild {...look}>
      <Link to={to}>
        {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
        {children}
      </Link>
    </Button>
  );
}
