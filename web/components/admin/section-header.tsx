import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../ui/button';
import { sectionHref, type SectionId } from '../../lib/admin/sections';

/** Title row of an admin section: heading, one line of context, and the section's main actions. */
export function SectionHeader({ title, description, actions, eyebrow }: { title: string; description?: ReactNode; actions?: ReactNode; eyebrow?: string }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {eyebrow ? <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p> : null}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 max-w-2xl text-sm text-slate-500">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">{actions}</div> : null}
    </div>
  );
}

/** A header's link to another section of the portal (Send Fund, Fund History): an outline button with its icon. */
export function SectionLinkButton({ section, icon: Icon, children }: { section: SectionId; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>; children: ReactNode }) {
  return (
    <Button asChild variant="outline">
      <Link to={sectionHref(section)}>
        <Icon aria-hidden="true" className="size-4" /> {children}
      </Link>
    </Button>
  );
}
