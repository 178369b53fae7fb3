// The theme's remembered choice and how it is applied, with nothing else (no React): the page's
// inline early entry (src/prefetch/entry.ts) applies it before anything is painted, so a dark page
// is never first shown light; theme.ts builds the app's switch on it.
import { readStored } from './storage.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];
export const THEME_KEY = 'toolscope:theme';

export const storedTheme = (): ThemeChoice =>
  readStored(THEME_KEY, (value) => THEME_CHOICES.find((candidate) => candidate === value)) ?? 'system';

const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches === true;

/** Sets the `dark` class and `color-scheme` on <html> for this choice; returns whether the page is dark. */
export function applyTheme(choice: ThemeChoice): boolean {
  const dark = choice === 'dark' || (choice === 'system' && systemDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  return dark;
}
