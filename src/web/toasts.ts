// One toast at a time (a newer one replaces it): what was just done, e.g. "curl copied", with
// notes on what was left out and the text itself to look at. A store with subscribe/getSnapshot.
export interface Toast {
  id: number;
  title: string;
  notes: readonly string[];
  /** The copied text, shown on request. */
  text?: string;
}

const HIDE_AFTER_MS = 8000;

let current: Toast | undefined;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const toasts = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getSnapshot: (): Toast | undefined => current,
  show: (toast: Omit<Toast, 'id'>) => {
    current = { ...toast, id: nextId++ };
    toasts.hold(false);
    emit();
  },
  /** While the person reads or expands it the toast stays; when they leave it, it goes later. */
  hold: (held: boolean) => {
    clearTimeout(timer);
    if (!held) timer = setTimeout(() => toasts.dismiss(), HIDE_AFTER_MS);
  },
  dismiss: () => {
    clearTimeout(timer);
    current = undefined;
    emit();
  },
};

/** Copies `text` and says so in a toast (the clipboard may refuse: the text stays readable there). */
export function copyWithToast(copied: { title: string; text: string; notes: readonly string[] }) {
  void navigator.clipboard?.writeText(copied.text).catch(() => undefined);
  toasts.show(copied);
}
