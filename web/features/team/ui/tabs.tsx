import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** A count shown beside the label (hidden when 0 or absent). */
  badge?: number;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move and select, Home and End jump to the ends,
 * only the selected tab is in the tab order. The list scrolls sideways on narrow screens.
 */
export function Tabs<T extends string>({ tabs, value, onChange, label, children }: { tabs: readonly TabItem<T>[]; value: T; onChange: (value: T) => void; label: string; children: ReactNode }) {
  const base = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const scroller = useRef<HTMLDivElement>(null);
  const tabId = (id: T) => `${base}-tab-${id}`;

  // On a phone the list scrolls sideways: keep the selected tab (e.g. one opened by ?tab=) in view.
  useLayoutEffect(() => {
    const el = scroller.current;
    const tab = refs.current.get(value);
    if (!el || !tab) return;
    const left = tab.getBoundingClientRect().left - el.getBoundingClientRect().left + el.scrollLeft;
    if (left < el.scrollLeft || left + tab.offsetWidth > el.scrollLeft + el.clientWidth) el.scrollLeft = left - (el.clientWidth - tab.offsetWidth) / 2;
  }, [value]);
  const panelId = `${base}-panel`;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === value);
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    const id = tabs[next].id;
    onChange(id);
    refs.current.get(id)?.focus();
  }

  return (
    <div className="space-y-5">
      <div ref={scroller} className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0">
        <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="inline-flex min-w-full gap-1 rounded-xl bg-slate-200/60 p-1 sm:min-w-0">
          {tabs.map((t) => {
            const selected = t.id === value;
            return (
              <button
                key={t.id}
                ref={(el) => {
                  if (el) refs.current.set(t.id, el);
                  else refs.current.delete(t.id);
                }}
                type="button"
                role="tab"
                id={tabId(t.id)}
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                tabIndex={selected ? 0 : -1}
                onClick={() => onChange(t.id)}
                className={cn(
                  'flex shrink-0 cursor-pointer items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
                  selected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
                )}
              >
                {t.label}
                {t.badge ? (
                  <span className="rounded-full bg-amber-500 px-1.5 py-px text-[11px] leading-4 font-bold text-white tabular-nums">
                    {t.badge}
                    <span className="sr-only"> pending</span>
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} tabIndex={0} className="rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500">
        {children}
      </div>
    </div>
  );
}
