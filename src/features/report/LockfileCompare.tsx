// "Compare with lockfile" in the Server report: a lockfile chosen from disk (or dropped on the report) (`toolscope lock`'s,
// docs/report.md), checked (its digests against its definitions), then the report is made again
// with it — each tool added, removed or changed is a finding (lock-tool-*), in the list and the
// score as `toolscope report --lock` gives them. Nothing of the file is sent anywhere.
import { useRef } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { parseLockfile, type Lockfile } from '../../report/lockfile.ts';
import type { Finding } from '../../report/findings.ts';
import { revealInvisible } from '../../lib/text.ts';

/** A lockfile larger than this is not read (a server's tools are kilobytes, not tens of megabytes). */
const MAX_LOCKFILE_BYTES = 20 * 1024 * 1024;

export interface ChosenLock {
  name: string;
  file: Lockfile;
}

/** A file chosen or dropped, read as a lockfile (or why it is not one). */
export async function readLockfile(file: File): Promise<ChosenLock | { error: string }> {
  if (file.size > MAX_LOCKFILE_BYTES) return { error: `${file.name} is ${Math.round(file.size / 1048576)} MB: not a lockfile.` };
  const parsed = await parseLockfile(await file.text());
  return 'error' in parsed ? { error: `${file.name}: ${parsed.error}.` } : { name: file.name, file: parsed };
}

export function LockfileButton({ disabled, onChosen }: { disabled: boolean; onChosen: (lock: ChosenLock | { error: string }) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const read = async (file: File) => onChosen(await readLockfile(file));
  return (
    <>
      <Button
        className="text-xs"
        disabled={disabled}
        title="Pick a toolscope.lock.json (npx toolscope lock): each tool added, removed or changed since becomes a finding"
        onClick={() => input.current?.click()}
      >
        Compare with lockfile
      </Button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="hidden"
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
    </>
  );
}

/** What the comparison found, in one line (the findings themselves are in the list). */
export function LockfileLine({ lock, findings, onStop }: { lock: ChosenLock; findings: readonly Finding[]; onStop: () => void }) {
  const drift = findings.filter((finding) => finding.rule.startsWith('lock-'));
  const breaking = drift.filter((finding) => finding.severity === 'error').length;
  const count = Object.keys(lock.file.tools).length;
  return (
    <p role="status" aria-label="Lockfile" className="flex flex-wrap items-center gap-2 text-xs">
      <span>
        Compared with {revealInvisible(lock.name)} ({count} {count === 1 ? 'tool' : 'tools'} locked):{' '}
        {drift.length
          ? `${drift.length} ${drift.length === 1 ? 'tool drifted' : 'tools drifted'}${breaking ? `, ${breaking} in a way that breaks callers` : ''} — see the lock-tool-* findings.`
          : 'every tool as locked.'}
      </span>
      <Button variant="ghost" className="px-1.5 py-0.5 text-xs" onClick={onStop}>
        Stop comparing
      </Button>
    </p>
  );
}
