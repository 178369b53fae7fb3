// The theme: the person's choice (system, light or dark), remembered, applied as the `dark`
// class on <html> (Tailwind's dark: variant) and as `color-scheme` (native controls, scrollbars),
// so every surface follows one switch — never the OS for some widgets and the page for others.
import { useSyncExternalStore } from 'react';
import { writeStored } from './storage.ts';
import { applyTheme, storedTheme, THEME_KEY, type ThemeChoice } from './themeChoice.ts';

export { THEME_CHOICES, type ThemeChoice } from './themeChoice.ts';

const listeners = new Set<() => void>();

let choice: ThemeChoice = storedTheme();

function apply() {
  applyTheme(choice);
  for (const listener of listeners) listener();
}

/** Applies the remembered theme and follows the OS while the choice is "system". Call once, before rendering. */
export function startTheme() {
  apply();
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (choice === 'system') apply();
  });
}

export function setTheme(next: ThemeChoice) {
  choice = next;
  writeStored(THEME_KEY, next);
  apply();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current choice and whether the page is dark now. */
export function useTheme(): { choice: ThemeChoice; dark: boolean } {
  const current = useSyncExternalStore(subscribe, () => choice);
  const dark = useSyncExternalStore(subscribe, () => document.documentElement.classList.contains('dark'));
  return { choice: current, dark };
}
