import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../lib/cn';

const MenuContext = createContext<{ close: () => void } | null>(null);

interface Position {
  top?: number;
  bottom?: number;
  left?: number;
  right?: number;
}

/**
 * A small menu button: the list is portalled and fixed to the trigger, so it is never clipped by a
 * scrolling table. Escape, outside clicks, scrolling and resizing close it; arrow keys move focus.
 */
export function DropdownMenu({
  trigger,
  label,
  children,
  align = 'end',
  className,
}: {
  /** Renders the trigger button; spread the given props onto it. */
  trigger: (props: { ref: (el: HTMLButtonElement | null) => void; onClick: () => void; 'aria-haspopup': 'menu'; 'aria-expanded': boolean; 'aria-controls'?: string }) => ReactNode;
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<Position | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const menuRef = useRef<HTMLDivElement | null>(null);
  const id = useId();

  const close = useCallback((focusTrigger = true) => {
    setOpen(false);
    setPos(null);
    if (focusTrigger) triggerRef.current?.focus();
  }, []);

  /** Fixed to the trigger: below it when there is room, otherwise above. */
  const place = useCallback(() => {
    if (!triggerRef.current) return;
    const rect = triggerRef.current.getBoundingClientRect();
    const menuHeight = menuRef.current?.offsetHeight ?? 240;
    const below = rect.bottom + 4 + menuHeight <= window.innerHeight || rect.top < menuHeight;
    const next: Position = below ? { top: rect.bottom + 4 } : { bottom: window.innerHeight - rect.top + 4 };
    if (align === 'end') next.right = Math.max(8, window.innerWidth - rect.right);
    else next.left = Math.max(8, Math.min(rect.left, window.innerWidth - (menuRef.current?.offsetWidth ?? 208) - 8));
    setPos(next);
  }, [align]);

  useLayoutEffect(() => {
    if (open) place();
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]:not([disabled])')?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      const target = e.target as Node;
      if (menuRef.current?.contains(target) || triggerRef.current?.contains(target)) return;
      close(false);
    };
    // Scrolling moves the menu with its trigger (a scrolled-away trigger takes the menu along).
    const onScroll = (e: Event) => {
      if (menuRef.current?.contains(e.target as Node)) return;
      place();
    };
    document.addEventListener('mousedown', onPointer);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', place);
    };
  }, [open, close, place]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (e.key === 'Home') {
      e.preventDefault();
      items[0]?.focus();
    } else if (e.key === 'End') {
      e.preventDefault();
      items[items.length - 1]?.focus();
    } else if (e.key === 'Tab') {
      close(false);
    }
  }

  return (
    <>
      {trigger({
        ref: (el) => {
          triggerRef.current = el;
        },
        onClick: () => (open ? close(false) : setOpen(true)),
        'aria-haspopup': 'menu',
        'aria-expanded': open,
        'aria-controls': open ? id : undefined,
      })}
      {open
        ? createPortal(
            <MenuContext.Provider value={{ close: () => close() }}>
              <div
                ref={menuRef}
                id={id}
                role="menu"
                aria-label={label}
                onKeyDown={onKeyDown}
                style={{ ...(pos ?? { top: -9999, left: -9999 }), position: 'fixed' }}
                className={cn('z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl shadow-slate-900/10 data-[ready=true]:animate-fade-in', className)}
                data-ready={pos ? 'true' : 'false'}
              >
                {children}
              </div>
            </MenuContext.Provider>,
            document.body,
          )
        : null}
    </>
  );
}

export function DropdownMenuItem({
  icon: Icon,
  children,
  onSelect,
  destructive = false,
  disabled = false,
  description,
}: {
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  children: ReactNode;
  onSelect: () => void;
  destructive?: boolean;
  disabled?: boolean;
  description?: ReactNode;
}) {
  const ctx = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      disabled={disabled}
      onClick={() => {
        ctx?.close();
        onSelect();
      }}
      className={cn(
        'flex w-full cursor-pointer items-start gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm font-medium outline-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        destructive ? 'text-red-700 hover:bg-red-50 focus:bg-red-50' : 'text-slate-700 hover:bg-slate-100 focus:bg-slate-100',
      )}
    >
      {Icon ? <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', destructive ? 'text-red-600' : 'text-slate-500')} /> : null}
      <span className="min-w-0">
        <span className="block">{children}</span>
        {description ? <span className="block text-xs font-normal text-slate-500">{description}</span> : null}
      </span>
    </button>
  );
}

export function DropdownMenuSeparator() {
  return <div role="separator" className="-mx-1.5 my-1.5 h-px bg-slate-100" />;
}
