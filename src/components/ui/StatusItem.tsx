// One line of a checklist (doctor checks, OAuth legs): a mark and a coloured text.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type StatusTone = 'ok' | 'warn' | 'fail' | 'info' | 'active';

const TONE: Record<StatusTone, string> = {
  ok: 'text-ok',
  warn: 'text-warn',
  fail: 'text-danger',
  info: 'text-subtle',
  active: 'text-info',
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
