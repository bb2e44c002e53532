import { useRef, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface TabDef<T extends string> {
  id: T;
  label: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

/**
 * WAI-ARIA tabs: a tablist of segmented buttons (arrow keys, Home, End move between them) and
 * the active panel. Only the active panel is rendered.
 */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  idPrefix,
  children,
}: {
  label: string;
  tabs: TabDef<T>[];
  value: T;
  onChange: (id: T) => void;
  idPrefix: string;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === value);
    const next = e.key === 'ArrowRight' ? (index + 1) % tabs.length : e.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    onChange(tabs[next].id);
    list.current?.querySelector<HTMLElement>(`#${idPrefix}-tab-${tabs[next].id}`)?.focus();
  }

  return (
    <div className="space-y-5">
      <div ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown} className="grid grid-flow-col auto-cols-fr gap-1 rounded-xl bg-slate-200/60 p-1">
        {tabs.map((t) => {
          const selected = t.id === value;
          return (
            <button
              key={t.id}
              id={`${idPrefix}-tab-${t.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${idPrefix}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(t.id)}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-1.5 rounded-lg px-2 py-1.5 text-center text-sm leading-tight font-medium transition-colors',
                selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {t.icon ? <t.icon aria-hidden="true" className="hidden size-4 shrink-0 sm:block" /> : null}
              {t.label}
            </button>
          );
        })}
      </div>
      <div id={`${idPrefix}-panel`} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}
