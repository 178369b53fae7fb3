// One line of a checklist (doctor checks, OAuth legs): a mark and a coloured text.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type StatusTone = 'ok' | 'warn' | 'fail' | 'info' | 'active';

const TONE: Record<StatusTone, string> = {
  ok: 'text-emerald-700 dark:text-emerald-300',
  warn: 'text-amber-800 dark:text-amber-200',
  fail: 'text-red-700 dark:text-red-300',
  info: 'text-subtle',
  active: 'text-sky-800 dark:text-sky-200',
};

export function StatusItem({ tone, mark, children }: { tone: StatusTone; mark: string; children: ReactNode }) {
  return (
    <li className={cn('flex gap-2', TONE[tone])}>
      <span aria-hidden="true" className="w-3 font-bold">
        {mark}
      </span>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}
