// "Model": ask your own model (OpenAI-compatible or Anthropic) a question with exactly the
// connected server's tools as a host sends them, and see its choice — the tool, its arguments
// checked against the tool's schema, its words, the tokens — beside BM25's ranking of the same
// words. "Run it" sends the choice through the one call path (the gate asks as always). Questions
// asked make a table that exports as a queries file ("mode": "model"). The key stays in memory.
import { useMemo, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { ServerText } from '../../components/ui/ServerText.tsx';
import { Choice, type Asked, type Origin } from './ModelChoice.tsx';
import { errorMessage } from '../../lib/errorMessage.ts';
import { toolIndex } from '../../report/toolSearch.ts';
import { HOST_IDS, HOSTS, hostView, unionKeys, type HostId } from '../../report/hosts.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { askModel } from '../../model/askModel.ts';
import { MODEL_PROVIDERS, type ModelChoice, type ModelProvider } from '../../model/modelWire.ts';
import { loadCallChecks } from '../../session/checks.ts';
import { downloadBytes } from '../../web/download.ts';
import { queriesFile } from './queriesFile.ts';
import { fetchProxySession, proxiedFetch } from '../../mcp/wire/proxy.ts';
import { BROWSER_HEADERS, PROXY_FORWARD, SUGGESTED_BASE, answersAtAll, modelSettings, refusedAdvice } from './modelSettings.ts';

const PROVIDER_LABEL: Record<ModelProvider, string> = { openai: 'OpenAI-compatible', anthropic: 'Anthropic' };
const field = 'w-full rounded-md border border-field bg-panel px-2 py-1 text-sm';

/** Where a name the model was offered comes from: its server, and the tool's own name there. */
/** A connected server with its tools (several servers: the host profile names them). */
export interface ModelServer {
  url: string;
  label: string;
  name: string;
  title?: string;
  tools: readonly McpTool[];
}

interface Props {
  /** The server on screen. */
  server: ModelServer;
  /** Every connected server, this one first: with several, the tools go as the chosen host names them. */
  servers: readonly ModelServer[];
  /** Sends the chosen call through the call session's gate (its tool opens). */
  onRun: (tool: string, args: Record<string, unknown>) => void;
  /** Opens a tool of another connected server (its own workspace and gate). */
  onOpenOnServer?: (url: string, tool: string) => void;
  /** Back to where the panel was opened from (the report's Find a tool). */
  onBack?: () => void;
}

/** The tools offered to the model: one server's as they are, or several as a host names them. */
function offeredTools(server: ModelServer, servers: readonly ModelServer[], host: HostId) {
  if (servers.length < 2)
    return {
      tools: server.tools,
      origin: new Map(server.tools.map((tool) => [tool.name, { url: server.url, tool: tool.name, label: server.label }])),
    };
  const keys = unionKeys(servers);
  const byKey = new Map(servers.map((each) => [keys.get(each.url) ?? each.url, each]));
  const view = hostView(
    host,
    servers.map((each) => ({
      key: keys.get(each.url) ?? each.url,
      name: each.name,
      ...(each.title ? { title: each.title } : {}),
      tools: each.tools,
    })),
  );
  const tools: McpTool[] = [];
  const origin = new Map<string, Origin>();
  for (const entry of view.tools) {
    const owner = byKey.get(entry.server);
    const tool = owner?.tools.find((candidate) => candidate.name === entry.tool);
    if (entry.fate === 'dropped' || !entry.modelName || !owner || !tool) continue;
    tools.push({ ...tool, name: entry.modelName });
    origin.set(entry.modelName, { url: owner.url, tool: tool.name, label: owner.label });
  }
  return { tools, origin };
}

export function ModelPanel({ server, servers, onRun, onOpenOnServer, onBack }: Props) {
  const [host, setHost] = useState<HostId>('claude-code');
  const several = servers.length > 1;
  const { tools, origin } = useMemo(() => offeredTools(server, servers, host), [server, servers, host]);
  const settings = useSyncExternalStore(modelSettings.subscribe, modelSettings.getSnapshot);
  const set = (change: Partial<typeof settings>) => modelSettings.set({ ...settings, ...change });
  const [question, setQuestion] = useState('');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [asked, setAsked] = useState<readonly Asked[]>([]);
  const rank = useMemo(() => toolIndex(tools), [tools]);
  const sent = useMemo(
    () =>
      tools.map((tool) => ({
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        inputSchema: tool.inputSchema,
      })),
    [tools],
  );
  const latest = asked.at(-1);

  const ask = async () => {
    const words = question.trim();
    if (!words || !settings.model.trim() || !settings.baseUrl.trim()) return;
    setAsking(true);
    setProblem(undefined);
    try {
      const { provider } = settings;
      const direct = (input: string, init: RequestInit) =>
        fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), ...BROWSER_HEADERS[provider] } });
      // Through the proxy only to the base URL typed here (a link or a server never sets it).
      const session = settings.viaProxy ? await fetchProxySession(window.location.origin) : undefined;
      if (settings.viaProxy && !session)
        throw new Error('Toolscope’s proxy does not run here (a static host): the model can only be called directly.');
      const send = session ? proxiedFetch((input, init) => fetch(input, init), session, PROXY_FORWARD[provider]) : direct;
      const { choice } = await askModel(
        { provider, baseUrl: settings.baseUrl.trim(), model: settings.model.trim() },
        settings.key || undefined,
        words,
        sent,
        (input, init) => send(input, init),
        AbortSignal.timeout(120_000),
      );
      const ranked = rank(words, 'bm25');
      const index = choice.tool === undefined ? -1 : ranked.findIndex((tool) => tool.name === choice.tool);
      const chosenOrigin = choice.tool === undefined ? undefined : origin.get(choice.tool);
      const argsCheck = await checkArgs(
        tools.find((tool) => tool.name === choice.tool),
        choice,
      );
      setAsked((previous) => [
        ...previous,
        {
          question: words,
          ...(chosenOrigin ? { origin: chosenOrigin } : {}),
          choice,
          model: settings.model.trim(),
          bm25: { first: ranked[0]?.name, ...(index >= 0 ? { rankOfChoice: index + 1 } : {}) },
          argsCheck,
          expected: choice.tool ?? ranked[0]?.name ?? tools[0]?.name ?? '',
        },
      ]);
    } catch (error) {
      const message = errorMessage(error);
      // A browser says the same for "nothing listens" and "no CORS": an opaque probe tells them apart.
      const unreached = !settings.viaProxy && /could not be reached/.test(message);
      setProblem(
        !unreached
          ? message
          : (await answersAtAll(settings.baseUrl))
            ? `${refusedAdvice(settings.provider, settings.baseUrl, window.location.origin)} (${message})`
            : `Nothing answered at ${settings.baseUrl.trim()}: is the model server running there?`,
      );
    } finally {
      setAsking(false);
    }
  };

  const exportQueries = () => downloadBytes(queriesFile(asked, servers, origin), 'application/json', 'queries.json');

  return (
    <section aria-label="Model" className="flex max-w-4xl flex-col gap-3 text-sm">
      <div className="flex items-center gap-2">
        {onBack ? (
          <Button variant="ghost" className="px-2 text-xs" onClick={onBack}>
            <span aria-hidden="true">←</span> Back to Find a tool
          </Button>
        ) : null}
        <h2 className="text-lg font-semibold">Ask your model</h2>
      </div>
      <p className="text-subtle">
        {several
          ? `The question goes to your model with the ${tools.length} tools of ${servers.length} servers as ${HOSTS[host].label} names them (name, description, input schema).`
          : `The question goes to your model with this server’s ${tools.length} tools as a host sends them (name, description, input schema).`}{' '}
        Nothing is sent until you press Ask.
      </p>
      {several ? (
        <label className="flex items-center gap-2">
          Host profile
          <Select<HostId> value={host} options={HOST_IDS.map((id) => ({ value: id, label: HOSTS[id].label }))} onChange={setHost} />
        </label>
      ) : null}
      <div className="grid gap-2 md:grid-cols-2">
        <label className="flex flex-col gap-1">
          Provider
          <Select<ModelProvider>
            value={settings.provider}
            options={MODEL_PROVIDERS.map((id) => ({ value: id, label: PROVIDER_LABEL[id] }))}
            onChange={(provider) =>
              set({ provider, ...(settings.baseUrl === SUGGESTED_BASE[settings.provider] ? { baseUrl: SUGGESTED_BASE[provider] } : {}) })
            }
          />
        </label>
        <label className="flex flex-col gap-1">
          Base URL
          <input className={field} value={settings.baseUrl} spellCheck={false} onChange={(event) => set({ baseUrl: event.target.value })} />
        </label>
        <label className="flex flex-col gap-1">
          Model name
          <input
            className={field}
            value={settings.model}
            spellCheck={false}
            placeholder={settings.provider === 'anthropic' ? 'claude-sonnet-4-5' : 'llama3.1'}
            onChange={(event) => set({ model: event.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1">
          API key
          <input
            className={field}
            type="password"
            autoComplete="off"
            // The contract's name, exactly; the note below describes it.
            aria-label="API key"
            aria-describedby="model-key-note"
            value={settings.key}
            onChange={(event) => set({ key: event.target.value })}
          />
          <span id="model-key-note" className="text-xs text-muted">
            Held in this tab’s memory only: never stored, exported or shared; gone on reload.
          </span>
        </label>
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={settings.viaProxy} onChange={(event) => set({ viaProxy: event.target.checked })} />
        Through Toolscope’s proxy (this machine relays the call to the base URL above: for a provider that allows no browser origin)
      </label>
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void ask();
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="sr-only">Ask the model</span>
          <input
            className={field}
            value={question}
            placeholder="find me a usb cable"
            onChange={(event) => setQuestion(event.target.value)}
          />
        </label>
        <Button type="submit" variant="primary" disabled={asking || !question.trim() || !settings.model.trim()}>
          {asking ? 'Asking…' : 'Ask'}
        </Button>
      </form>
      {!settings.model.trim() ? <p className="text-xs text-muted">Ask needs a model name (above).</p> : null}
      {problem ? (
        <p role="alert" className="text-danger">
          <ServerText text={problem} />
        </p>
      ) : null}
      {latest ? (
        <Choice
          asked={latest}
          onRun={(args) => {
            const from = latest.origin;
            if (!from) return;
            if (from.url === server.url) onRun(from.tool, args);
            else onOpenOnServer?.(from.url, from.tool);
          }}
          elsewhere={latest.origin && latest.origin.url !== server.url ? latest.origin.label : undefined}
        />
      ) : null}
      {asked.length ? (
        <section aria-label="Questions asked" className="flex flex-col gap-1">
          <div className="flex items-center gap-2">
            <h3 className="font-semibold">Questions asked</h3>
            <Button variant="ghost" className="ml-auto text-xs" onClick={exportQueries}>
              Export queries
            </Button>
          </div>
          <table className="w-full text-left text-xs">
            <thead>
              <tr className="border-b border-line">
                <th className="p-1">Question</th>
                <th className="p-1">The model chose</th>
                <th className="p-1">BM25 first</th>
                <th className="p-1">Expected</th>
              </tr>
            </thead>
            <tbody>
              {asked.map((entry, index) => (
                <tr key={index} className="border-b border-line/60">
                  <td className="p-1">
                    <ServerText text={entry.question} />
                  </td>
                  <td className="p-1 font-mono">{entry.choice.tool ? <ServerText text={entry.choice.tool} /> : 'no tool'}</td>
                  <td className="p-1 font-mono">{entry.bm25.first ? <ServerText text={entry.bm25.first} /> : '—'}</td>
                  <td className="p-1">
                    <Select<string>
                      aria-label={`Expected tool for “${entry.question}”`}
                      value={entry.expected}
                      options={tools.map((tool) => tool.name)}
                      onChange={(expected) =>
                        setAsked((previous) => previous.map((item, at) => (at === index ? { ...item, expected } : item)))
                      }
                    />{' '}
                    {entry.choice.tool === entry.expected ? '✓' : '✗'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </section>
  );
}

/** The model's arguments against the chosen tool's inputSchema (the form's own validator). */
async function checkArgs(tool: McpTool | undefined, choice: ModelChoice): Promise<string> {
  if (!choice.tool) return '';
  if (!tool) return `The server lists no tool named ${choice.tool}.`;
  if (choice.argsProblem) return `The arguments are ${choice.argsProblem}.`;
  const checks = await loadCallChecks();
  const verdict = checks.validateAgainst(tool.inputSchema, choice.args ?? {});
  if (verdict.status === 'valid') return '✓ The arguments match the tool’s input schema.';
  if (verdict.status === 'unusable-schema') return `The tool’s input schema cannot be checked: ${verdict.reason}`;
  return `The arguments break the input schema: ${verdict.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`;
}

export default ModelPanel;
