// The server.json workbench: paste, drop or open a server.json, see its problems at JSON paths
// (against the 2025-12-11 schema shipped with Toolscope), and — connected — what it declares that
// the server does not serve, as report findings with rule ids.
import { useDeferredValue, useId, useMemo, useState, type DragEvent } from 'react';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { RULES } from '../../report/findings.ts';
import { compareServerJson, type Served } from '../../report/serverJsonRules.ts';
import { revealInvisible } from '../../lib/text.ts';
import { useServerJsonCheck } from './api/serverJsonCheck.ts';

export type ConnectedServer = Served;

const MAX_FILE = 1024 * 1024;

export function ServerJsonWorkbench({
  initialText,
  connected,
  onClose,
}: {
  initialText: string;
  connected?: ConnectedServer;
  onClose: () => void;
}) {
  const headingId = useId();
  const [text, setText] = useState(initialText);
  const [dropProblem, setDropProblem] = useState<string>();
  const deferred = useDeferredValue(text);
  // Checked in a worker: a large or hostile file never holds the page.
  const checked = useServerJsonCheck(deferred);
  const comparison = useMemo(
    () => (checked?.value && connected ? compareServerJson(checked.value, connected) : undefined),
    [checked, connected],
  );

  const drop = (event: DragEvent) => {
    event.preventDefault();
    const file = event.dataTransfer.files[0];
    if (!file) return;
    if (file.size > MAX_FILE)
      return setDropProblem(`${file.name} is ${Math.round(file.size / 1024)} KB; a server.json is far smaller (limit 1 MB).`);
    setDropProblem(undefined);
    void file.text().then(setText);
  };
  const errors = checked?.problems.filter((problem) => problem.severity === 'error').length ?? 0;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-md border border-line p-3">
      <div className="flex items-center gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          server.json workbench
        </h3>
        {checked ? (
          <Badge tone={errors ? 'danger' : checked.problems.length ? 'warn' : 'good'}>
            {errors ? `${errors} error${errors === 1 ? '' : 's'}` : checked.problems.length ? 'warnings only' : 'valid'}
          </Badge>
        ) : null}
        {checked?.value ? (
          <Button variant="ghost" className="ml-auto px-2 py-0.5 text-xs" onClick={() => setText(JSON.stringify(checked.value, null, 2))}>
            Format
          </Button>
        ) : null}
        <Button variant="ghost" className={checked?.value ? 'px-2 py-0.5 text-xs' : 'ml-auto px-2 py-0.5 text-xs'} onClick={onClose}>
          Close
        </Button>
      </div>
      <textarea
        aria-label="server.json"
        className="h-56 w-full resize-y rounded-md border border-field bg-panel p-2 font-mono text-xs"
        value={text}
        spellCheck={false}
        placeholder="Paste a server.json here, or drop the file."
        onChange={(event) => setText(event.target.value)}
        onDragOver={(event) => event.preventDefault()}
        onDrop={drop}
      />
      {dropProblem ? (
        <p role="alert" className="text-sm text-danger">
          {dropProblem}
        </p>
      ) : null}
      <p className="text-xs text-muted">
        Checked against the registry&apos;s 2025-12-11 schema, shipped with Toolscope (never fetched), and the rules its descriptions state.
      </p>
      {checked ? (
        checked.problems.length ? (
          <ul aria-label="Problems" className="grid grid-cols-[minmax(8rem,auto)_auto_1fr] items-baseline gap-x-2 gap-y-1 text-sm">
            {checked.problems.map((problem) => (
              <li key={`${problem.path}|${problem.message}`} className="col-span-3 grid grid-cols-subgrid items-baseline">
                <span className="font-mono text-xs font-semibold break-all">{revealInvisible(problem.path)}</span>
                <Badge tone={problem.severity === 'error' ? 'danger' : 'warn'}>{problem.severity}</Badge>
                <span className="min-w-0 break-words">{revealInvisible(problem.message)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p role="status" className="text-sm text-good">
            No problems: valid against the 2025-12-11 schema.
          </p>
        )
      ) : null}
      {comparison ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-xs font-semibold text-subtle">Compared with the connected server</h4>
          {comparison.length ? (
            <ul aria-label="Compared with the connected server" className="flex flex-col gap-1 text-sm">
              {comparison.map((finding) => (
                <li key={`${finding.rule}|${finding.message}`} className="flex flex-col" title={RULES[finding.rule]}>
                  <span className="flex flex-wrap gap-x-2">
                    <span className="font-mono text-xs">{finding.rule}</span>
                    <Badge tone={finding.severity === 'warning' ? 'warn' : 'info'}>{finding.severity}</Badge>
                    <span>{revealInvisible(finding.message)}</span>
                  </span>
                  <span className="text-xs text-muted">Fix: {revealInvisible(finding.fix)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-subtle">
              What it declares matches what this server serves (version, title, remote, required headers).
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}

export default ServerJsonWorkbench;
