import { useSyncExternalStore } from "react";
import { TOAST_DURATION_MS, TOASTS_VISIBLE } from "@shared/constants";

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  /** How long it stays, in ms (spec default 5000). */
  duration?: number;
}

export interface ToastEntry extends Required<Omit<ToastOptions, "description">> {
  id: number;
  description: string | undefined;
  open: boolean;
}

type Listener = () => void;

let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function update(next: ToastEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

/** Shows a toast. Only TOASTS_VISIBLE (1) show at a time: a new one replaces the one on screen. */
export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  const entry: ToastEntry = {
    id,
    title: options.title,
    description: options.description,
    variant: options.variant ?? "default",
    duration: options.duration ?? TOAST_DURATION_MS,
    open: true,
  };
  update([entry, ...entries].slice(0, TOASTS_VISIBLE));
  return { id, dismiss: () => dismissToast(id) };
}

/** Starts closing a toast (the toaster removes it once its exit animation is over). */
export function dismissToast(id: number): void {
  update(entries.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
}

export function removeToast(id: number): void {
  update(entries.filter((entry) => entry.id !== id));
}

let toasterMounted: () => void = () => undefined;
const toasterReady = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});

/** Called by the toaster once it is on screen (it is fetched with the first toast: lazy-toaster.tsx). */
export function markToasterMounted(): void {
  toasterMounted();
}

/**
 * Shows a toast, then navigates `delayMs` after the toast is on screen. The delay counts from the toaster's
 * arrival, not from the call: on a slow phone the toaster's chunk can take longer than the delay, and the
 * learner would leave without ever seeing why.
 */
export function toastThenNavigate(options: ToastOptions, path: string, delayMs: number): void {
  toast(options);
  void toasterReady.then(() => setTimeout(() => window.location.assign(path), delayMs));
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}
