import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

// Tone colours come from the tokens in app/styles.css (the dark theme redefines them there).
const TONES = {
  danger: 'border-danger-line bg-danger-surface text-danger-strong',
  warn: 'border-warn-line bg-warn-surface text-warn-strong',
  info: 'border-info-line bg-info-surface text-info-strong',
} as const;

export type AlertTone = keyof typeof TONES;

/** A boxed note in one of three tones; role and size are the caller's (not every note is an alert). */
export function Alert({ className, tone, ...props }: ComponentProps<'div'> & { tone: AlertTone }) {
  return <div className={cn('rounded-md border p-2 text-sm', TONES[tone], className)} {...props} />;
}
