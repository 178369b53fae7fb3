// What the work area shows when no tool is open: the server as it introduced itself (name,
// version, protocol revision, its instructions to the model), what it offers, the report's score
// with its worst findings — the chip's own, one number — and one button to the tool to start with.
import { Button } from '../../components/ui/Button.tsx';
import { SEVERITY_ORDER, type Finding } from '../../report/findings.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import { revealInvisible } from '../../lib/text.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { displayName } from '../../mcp/toolHints.ts';
import { countOf } from '../../lib/count.ts';

interface Props {
  connection: McpConnection;
  tools: readonly McpTool[];
  loading: boolean;
  /** The chip's score and its findings (undefined while not known). */
  scored?: { score: number; findings: readonly Finding[] };
  onOpenTool: (name: string) => void;
  onOpenReport: () => void;
  /** How many prompts, resources and templates the server lists (undefined: not offered, or not known yet). */
  counts: { prompts?: number; resources?: number; templates?: number };
  /** Opens the sidebar's Prompts or Resources tab. */
  onOpenTab: (tab: 'prompts' | 'resources') => void;
}

/** The tool to start with: the first read-only one (safe to try), else the first listed. */
function startingTool(tools: readonly McpTool[]): McpTool | undefined {
  return tools.find((tool) => tool.annotations?.readOnlyHint === true) ?? tools[0];
}

export function ServerOverview({ connection, tools, loading, scored, onOpenTool, onOpenReport, counts, onOpenTab }: Props) {
  const { server, protocolVersion, instructions } = connection;
  const start = startingTool(tools);
  const worst = scored
    ? [...scored.findings]
        .filter((finding) => finding.severity !== 'info')
        .sort((a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity))
        .slice(0, 3)
    : [];
  return (
    <section aria-label="Server overview" className="flex max-w-3xl flex-col gap-4">
      <header>
        <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">{revealInvisible(server.title ?? server.name)}</h2>
        <p className="text-sm text-muted">
          {server.title ? <span className="font-mono">{revealInvisible(server.name)}</span> : null}
          {server.title ? ' · ' : ''}
          {server.version ? `version ${revealInvisible(server.version)} · ` : ''}
          protocol {protocolVersion}
        </p>
      </header>
      <p className="text-sm">
        {loading ? 'Listing tools…' : countOf(tools.length, 'tool')}
        {(
          [
            ['prompts', counts.prompts, 'prompt'],
            ['resources', counts.resources, 'resource'],
            ['resources', counts.templates, 'template'],
          ] as const
        ).map(([tab, count, noun]) =>
          count === undefined ? null : (
            <span key={noun}>
              {' · '}
              <button type="button" className="text-link hover:underline" onClick={() => onOpenTab(tab)}>
                {countOf(count, noun)}
              </button>
            </span>
          ),
        )}
        {connection.offersSkills ? ' · offers skills' : ''}
        {connection.toolTasks ? ' · runs tools as tasks' : ''}
      </p>
      {start && !loading ? (
        <div>
          <Button variant="primary" onClick={() => onOpenTool(start.name)}>
            Open {revealInvisible(displayName(start))}
          </Button>
        </div>
      ) : null}
      {instructions?.trim() ? (
        <section aria-label="Instructions to the model" className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold">Instructions to the model</h3>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keys */}
          <pre tabIndex={0} className="max-h-48 overflow-auto rounded-md border border-line p-2 text-xs whitespace-pre-wrap">
            {revealInvisible(instructions.slice(0, 4000))}
          </pre>
        </section>
      ) : null}
      <section aria-label="Report summary" className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">
          Server report{scored ? <span className="ml-1 tabular-nums">{scored.score} / 100</span> : null}
        </h3>
        {!scored ? <p className="text-xs text-muted">The score follows once the list is read.</p> : null}
        {scored && !worst.length ? <p className="text-xs text-ok">No warning or error.</p> : null}
        {worst.length ? (
          <ul className="flex flex-col gap-1 text-sm">
            {worst.map((finding) => (
              <li key={`${finding.rule}:${finding.tool ?? ''}:${finding.message}`} className="[overflow-wrap:anywhere]">
                <span className={finding.severity === 'error' ? 'font-medium text-danger' : 'font-medium text-warn-strong'}>
                  {finding.severity}
                </span>{' '}
                <code className="font-mono text-xs">{finding.rule}</code>
                {finding.tool ? <span className="font-mono text-xs"> · {revealInvisible(finding.tool)}</span> : null} ·{' '}
                {revealInvisible(finding.message.slice(0, 300))}
              </li>
            ))}
          </ul>
        ) : null}
        {scored ? (
          <div>
            <Button variant="ghost" className="px-2 text-xs" onClick={onOpenReport}>
              Show the whole report
            </Button>
          </div>
        ) : null}
      </section>
    </section>
  );
}
