import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const TONES = {
  neutral: 'border-field bg-hover text-subtle',
  info: 'border-info-line bg-info-surface text-info',
  good: 'border-ok-line bg-ok-surface text-ok',
  warn: 'border-warn-line bg-warn-surface text-warn',
  danger: 'border-danger-line bg-danger-surface text-danger',
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
