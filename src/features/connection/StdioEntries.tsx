import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import type { ImportResult } from './api/serverList.ts';

/** Imported stdio servers: the browser never runs a command; these lines open each from a terminal. */
export function StdioEntries({ entries }: { entries: ImportResult['stdio'] }) {
  const [copied, setCopied] = useState('');
  if (entries.length === 0) return null;
  const copy = (text: string) =>
    void navigator.clipboard
      ?.writeText(text)
      .then(() => setCopied(text))
      .catch(() => setCopied(''));
  return (
    <section aria-label="stdio servers" className="flex flex-col gap-1">
      <p className="text-muted">
        stdio servers run as a command on your machine. A browser never starts one: run a line below in a terminal, then open the link it
        prints.
      </p>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <li key={entry.name} className="flex flex-col gap-1">
            <span className="font-semibold">{entry.name}</span>
            {[entry.config, entry.direct].map((line) => (
              <span key={line} className="flex flex-wrap items-center gap-2">
                <code className="font-mono break-all">{line}</code>
                <Button className="px-2 py-0.5 text-xs" aria-label={`Copy ${line}`} onClick={() => copy(line)}>
                  {copied === line ? 'Copied' : 'Copy'}
                </Button>
              </span>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
