import type { ReactNode } from 'react';
import { TOAST } from '@contracts';

/*
 * toast() and its store, without the Radix toast UI: every screen can call toast() and the first load pays
 * nothing for it. The UI (toaster.tsx, Radix) is loaded by the app shell when the first toast is shown.
 */

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

// A tiny store outside React so toast() can be called from anywhere (hooks, timers, callbacks).
let items: ToastItem[] = [];
let shown = false;
export const toastItems = () => items;
/** Whether a toast is on screen now. */
export const toastOpen = () => items.some((t) => t.open);
/** Whether any toast was shown yet (the app loads the toast UI then). */
export const toastsShown = () => shown;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function setItems(next: ToastItem[]) {
  items = next;
  if (next.length) shown = true;
  emit();
}

/** Shows a toast; at most TOAST.limit are kept, the newest replacing the oldest at once. */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  const open = items.filter((t) => t.open);
  const keep = TOAST.limit > 1 ? open.slice(-(TOAST.limit - 1)) : [];
  setItems([...keep, { ...input, id, open: true }]);
  return { id, dismiss: () => dismiss(id) };
}

/**
 * The one error toast of the web app: a destructive toast titled 'Error' unless the caller names another title.
 * useApiMutation (lib/mutation.ts) shows a write's failure through it.
 */
export function toastError(description: ReactNode, title: ToastInput['title'] = 'Error') {
  return toast({ title, description, variant: 'destructive' });
}

export function dismiss(id: number) {
  setItems(items.map((t) => (t.id === id ? { ...t, open: false } : t)));
}

export function remove(id: number) {
  setItems(items.filter((t) => t.id !== id));
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToast() {
  return { toast };
}
