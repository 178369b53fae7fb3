// "Hosts": every tool of every connected server as one host would give it to the model — the
// exact name, what the host drops or renames and why, prefix collisions, the count against its
// cap, the definitions' tokens — from the one rules module (src/report/hosts.ts, each rule citing
// its source). The config names are the person's to change: hosts prefix by them.
import { useEffect, useMemo, useState } from 'react';
import { HOST_IDS, HOSTS, configKeyOf, hostView, onlyPrefixed, type HostId, type HostServer } from '../../report/hosts.ts';
import { promptTexts, type Tokenizer } from '../../report/promptCost.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { Select } from '../../components/ui/Select.tsx';
import { Badge } from '../../components/ui/Badge.tsx';
import { formatCount } from '../../lib/count.ts';
import { ServerText } from '../../components/ui/ServerText.tsx';
import { revealInvisible } from '../../lib/text.ts';

export interface HostsServer {
  url: string;
  /** What the person reads (serverInfo.title or name). */
  label: string;
  name: string;
  title?: string;
  tools: readonly McpTool[];
  loading: boolean;
}

interface Props {
  servers: readonly HostsServer[];
  tokenizer: Tokenizer;
  initialHost?: HostId;
}

const FATE_TONE = { kept: 'neutral', renamed: 'info', dropped: 'danger' } as const;

export function HostsView({ servers, tokenizer, initialHost = 'vscode' }: Props) {
  const [host, setHost] = useState<HostId>(initialHost);
  const [keys, setKeys] = useState<Record<string, string>>({});
  // A server's config name: the person's, else one derived from what the server calls itself.
  const keyed = useMemo(() => {
    const taken = new Set<string>();
    return servers.map((server) => {
      const key = keys[server.url] ?? configKeyOf(server.name, taken);
      taken.add(key);
      return { server, key };
    });
  }, [servers, keys]);
  const hostServers = useMemo(
    (): HostServer[] => keyed.map(({ server, key }) => ({ key, name: server.name, title: server.title, tools: server.tools })),
    [keyed],
  );
  const view = useMemo(() => hostView(host, hostServers), [host, hostServers]);
  const renamed = view.tools.filter((entry) => entry.fate === 'renamed').length;
  // Names only prefixed are said once (the Naming line), not as "renamed" on every row.
  const prefixed = renamed > 0 && onlyPrefixed(view.tools);
  const rule = HOSTS[host];
  const labelOf = new Map(keyed.map(({ server, key }) => [key, server.label]));
  const sentTools = useMemo(() => {
    const sent = new Set(view.tools.filter((entry) => entry.fate !== 'dropped').map((entry) => `${entry.server}\u0000${entry.tool}`));
    return keyed.flatMap(({ server, key }) => server.tools.filter((tool) => sent.has(`${key}\u0000${tool.name}`)));
  }, [view.tools, keyed]);
  const tokens = useTokens(sentTools, tokenizer);
  const total = hostServers.reduce((sum, server) => sum + server.tools.length, 0);
  const loading = servers.some((server) => server.loading);

  return (
    <section
      aria-label="Hosts"
      // On a wide screen the work area does not scroll: the view does (and takes focus to scroll by keys).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keys
      tabIndex={0}
      className="flex max-w-5xl flex-col gap-3 text-sm xl:h-full xl:overflow-auto xl:pr-2"
    >
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">Hosts</h2>
        <label className="flex items-center gap-2">
          Host
          <Select<HostId> value={host} options={HOST_IDS.map((id) => ({ value: id, label: HOSTS[id].label }))} onChange={setHost} />
        </label>
        <p role="status" className="text-subtle">
          {rule.label} sends {formatCount(view.sent)} of {formatCount(total)} tools from {servers.length}{' '}
          {servers.length === 1 ? 'server' : 'servers'}
          {view.cap !== undefined ? ` (cap ${view.cap})` : ''}
          {tokens !== undefined ? ` · ${formatCount(tokens)} tokens of definitions (${tokenizer.name})` : ''}
          {view.deferred ? ' · deferred: the definitions reach the model only when its tool search finds them' : ''}
          {loading ? ' · still listing…' : ''}
        </p>
      </header>
      <p className="text-xs text-muted">Naming: {view.naming}</p>
      <fieldset className="flex flex-wrap gap-3 rounded-md border border-line p-2">
        <legend className="px-1 text-xs font-semibold">Names in the host’s config (hosts prefix tools by them)</legend>
        {keyed.map(({ server, key }) => (
          <label key={server.url} className="flex items-center gap-1 text-xs">
            <span>
              <ServerText text={server.label} />
            </span>
            <input
              aria-label={`Config name of ${revealInvisible(server.label)}`}
              className="w-48 rounded-md border border-field bg-panel px-1 py-0.5 font-mono"
              value={key}
              spellCheck={false}
              onChange={(event) => setKeys({ ...keys, [server.url]: event.target.value })}
            />
          </label>
        ))}
      </fieldset>
      <section aria-label="Host findings" className="flex flex-col gap-1">
        <h3 className="font-semibold">
          Findings <span className="font-normal text-muted">{view.findings.length}</span>
        </h3>
        {view.findings.length === 0 ? (
          <p className="text-muted">
            {rule.label} takes every tool
            {!renamed
              ? ' as it is.'
              : prefixed
                ? ', each name prefixed (see Naming).'
                : `; ${formatCount(renamed)} under another name (below).`}
          </p>
        ) : (
          // Compact and bounded (and scrollable by keyboard): the tools table stays in reach with hundreds of findings.
          <div
            role="region"
            aria-label={`Findings for ${rule.label}`}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keys
            tabIndex={0}
            className="max-h-72 overflow-auto rounded-md border border-warn-line bg-warn-surface text-xs text-warn-strong"
          >
            <ul>
              {view.findings.map((finding, index) => (
                <li key={index} className="border-b border-warn-line/60 px-2 py-1 last:border-b-0">
                  <span className="font-mono">{finding.rule}</span> <ServerText text={finding.message} />{' '}
                  <span className="text-warn-strong/80">Source: {finding.source}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <div>
        {/* On a phone each row is a card of its own (a list to read down, not a table to scroll across). */}
        <table aria-label={`Tools as ${rule.label} sees them`} className="w-full text-left text-xs max-md:block">
          <thead className="max-md:sr-only">
            <tr className="border-b border-line">
              <th className="p-1">Server</th>
              <th className="p-1">Tool</th>
              <th className="p-1">Name the model gets</th>
              <th className="p-1">Fate</th>
            </tr>
          </thead>
          <tbody className="max-md:block">
            {view.tools.map((entry) => (
              <tr
                key={`${entry.server}\u0000${entry.tool}`}
                className="border-b border-line/60 align-top max-md:grid max-md:grid-cols-[auto_1fr] max-md:gap-x-2 max-md:py-1"
              >
                <td className="p-1 text-muted md:text-ink max-md:p-0">
                  <ServerText text={labelOf.get(entry.server) ?? entry.server} />
                </td>
                <td className="p-1 font-mono break-all max-md:p-0">
                  <ServerText text={entry.tool} />
                </td>
                <td className="p-1 font-mono break-all max-md:col-span-2 max-md:p-0">
                  {entry.modelName ? <ServerText text={entry.modelName} /> : '—'}
                </td>
                <td className="p-1 max-md:col-span-2 max-md:p-0">
                  {prefixed && entry.fate === 'renamed' ? null : <Badge tone={FATE_TONE[entry.fate]}>{entry.fate}</Badge>}{' '}
                  {entry.why ? <ServerText text={entry.why} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The tokens of these definitions as the model reads them (counted off the main thread). */
function useTokens(tools: readonly McpTool[], tokenizer: Tokenizer): number | undefined {
  // Keyed by the text the model reads: a new render with the same definitions counts nothing again.
  const text = useMemo(() => promptTexts(tools).at(-1) ?? '', [tools]);
  const [counted, setCounted] = useState<{ text: string; tokens: number }>();
  useEffect(() => {
    let live = true;
    void (tokenizer.prepare?.([text]) ?? Promise.resolve())
      .then(() => {
        if (live) setCounted({ text, tokens: tokenizer.count(text) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text, tokenizer]);
  return counted?.text === text ? counted.tokens : undefined;
}

export default HostsView;
