import { useSyncExternalStore } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { AlertCircle, CheckCircle2, Info, X } from 'lucide-react';
import { TOAST } from '@contracts';
import { cn } from '../../lib/cn';
import { dismiss, remove, subscribe, toastItems, type ToastVariant } from './toast';

const variantClass: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  destructive: 'border-red-700 bg-red-600 text-white',
};

const variantIcon = {
  default: <Info aria-hidden="true" className="size-5 text-brand-600" />,
  success: <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-600" />,
  destructive: <AlertCircle aria-hidden="true" className="size-5 text-white" />,
};

/** Radix toast provider and viewport (doc 1 §9): 1 visible, 5000 ms, swipe right 50 px, F8. */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, toastItems, toastItems);
  return (
    <ToastPrimitive.Provider duration={TOAST.durationMs} swipeDirection={TOAST.swipeDirection} swipeThreshold={TOAST.swipeThreshold}>
      {list.map((t) => {
        const variant = t.variant ?? 'default';
        return (
          <ToastPrimitive.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) {
                dismiss(t.id);
                setTimeout(() => remove(t.id), 200);
              }
            }}
            data-variant={variant}
            className={cn('toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg', variantClass[variant])}
          >
            <span className="mt-0.5 shrink-0">{variantIcon[variant]}</span>
            <div className="min-w-0 flex-1 space-y-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
              {t.description ? <ToastPrimitive.Description className={cn('text-sm', variant === 'destructive' ? 'text-white' : 'text-slate-600')}>{t.description}</ToastPrimitive.Description> : null}
            </div>
            <ToastPrimitive.Close
              className={cn(
                'absolute top-3 right-3 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100',
                variant === 'destructive' ? 'text-white hover:bg-red-700' : 'text-slate-500 hover:bg-slate-100',
              )}
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">Close</span>
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* Inside the app shell's aria-live container (app/app.tsx ToastHost), which a modal dialog leaves reachable. */}
      <ToastPrimitive.Viewport hotkey={[...TOAST.hotkey]} className="fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}

export default Toaster;
