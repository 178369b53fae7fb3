import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const TONES = {
  neutral: 'border-field bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  info: 'border-sky-300 bg-sky-50 text-sky-800 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-200',
  good: 'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  warn: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200',
  danger: 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
} as const;

export type BadgeTone = keyof typeof TONES;

export function Badge({ className, tone = 'neutral', ...props }: ComponentProps<'span'> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center rounded border px-1.5 py-0.5 text-xs leading-none whitespace-nowrap', TONES[tone], className)}
      {...props}
    />
  );
}
