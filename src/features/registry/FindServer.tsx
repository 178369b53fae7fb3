// "Find a server": the MCP Registry searched from the page (no backend: its read API needs no auth
// and sends CORS for any origin). Nothing is asked of the registry until the person searches. An
// entry opens into what can be done with it: a remote connects after its fields are filled, a
// package becomes the line to paste in a terminal, its server.json goes to the workbench.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Badge } from '../../components/ui/Badge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { revealInvisible } from '../../lib/text.ts';
import { OFFICIAL_REGISTRY, registryBase, searchServers, type RegistryEntry } from '../../registry/registryApi.ts';
import type { ServerDetail } from '../../registry/serverJson.ts';
import { queryKeys } from '../../lib/queryKeys.ts';
import { readStored, writeStored } from '../../web/storage.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { ChunkBoundary } from '../../components/ui/ChunkBoundary.tsx';
import { retryableLazy } from '../../web/chunks.ts';
import type { RegistryConnect } from './EntryView.tsx';
import type { ConnectedServer } from './ServerJsonWorkbench.tsx';

// An entry's view (its remotes, packages and terminal lines) and the server.json workbench (the
// shipped schema's rules) load when first opened: the start screen carries only the search.
const EntryView = retryableLazy(() => import('./EntryView.tsx'));
const ServerJsonWorkbench = retryableLazy(() => import('./ServerJsonWorkbench.tsx'));
const loading = <p className="text-sm text-muted">Loading…</p>;

const REGISTRY_URL_KEY = 'toolscope:registry-url';
const PAGE = 20;
const fieldClass = 'w-full rounded-md border border-field bg-panel px-2 py-1.5 text-sm';

/** What an entry offers, in a few words: "remote", "npm", "oci"… */
export function transportsOf(server: ServerDetail): string[] {
  const remotes = (Array.isArray(server.remotes) ? server.remotes : []).map((remote) =>
    remote.type === 'sse' ? 'remote (SSE, deprecated)' : 'remote',
  );
  const packages = (Array.isArray(server.packages) ? server.packages : []).map((pkg) => String(pkg.registryType));
  return [...new Set([...remotes, ...packages])];
}

interface Props {
  onConnect: RegistryConnect;
  /** The connected server, for the workbench's comparison. */
  connected?: ConnectedServer;
}

export function FindServer({ onConnect, connected }: Props) {
  const headingId = useId();
  const [registryUrl, setRegistryUrl] = useState(
    () => readStored(REGISTRY_URL_KEY, (value) => (typeof value === 'string' ? value : undefined)) ?? OFFICIAL_REGISTRY,
  );
  const [query, setQuery] = useState('');
  // What was last asked: the list follows it, not each keystroke.
  const [asked, setAsked] = useState<{ base: string; search: string }>();
  const [baseProblem, setBaseProblem] = useState<string>();
  const [open, setOpen] = useState<RegistryEntry>();
  const [workbench, setWorkbench] = useState<{ text: string; nonce: number }>();

  const results = useInfiniteQuery({
    queryKey: queryKeys.registrySearch(asked?.base, asked?.search),
    enabled: asked !== undefined,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => searchServers(asked?.base ?? '', { search: asked?.search, cursor: pageParam, limit: PAGE, signal }),
    getNextPageParam: (page) => page.nextCursor,
    retry: false,
    staleTime: 60_000,
  });

  const search = (event?: FormEvent) => {
    event?.preventDefault();
    try {
      const base = registryBase(registryUrl);
      setBaseProblem(undefined);
      writeStored(REGISTRY_URL_KEY, base);
      setOpen(undefined);
      setAsked({ base, search: query.trim() });
    } catch (error) {
      // What was found at another registry is not shown under a URL that names none.
      setAsked(undefined);
      setOpen(undefined);
      setBaseProblem(errorMessage(error));
    }
  };

  const entries = results.data?.pages.flatMap((page) => page.entries) ?? [];
  const malformed = results.data?.pages.reduce((sum, page) => sum + page.malformed, 0) ?? 0;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Find a server
      </h2>
      <form onSubmit={search} className="flex flex-col gap-2" aria-label="Search the MCP Registry">
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-[2_1_16rem] flex-col gap-1 text-xs text-subtle">
            Search
            <input
              type="search"
              aria-label="Search the registry"
              className={fieldClass}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="a server name: github, filesystem, time…"
              spellCheck={false}
            />
          </label>
          <label className="flex min-w-0 flex-[1_1_14rem] flex-col gap-1 text-xs text-subtle">
            Registry URL
            <input
              type="url"
              className={`${fieldClass} font-mono`}
              value={registryUrl}
              onChange={(event) => setRegistryUrl(event.target.value)}
              spellCheck={false}
              required
            />
          </label>
          <Button type="submit" variant="secondary" disabled={results.isFetching && !results.isFetchingNextPage}>
            {query.trim() ? 'Search' : 'Browse'}
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="min-w-0 flex-1 text-xs text-muted">
            Searches server names in the registry (latest versions). Nothing is sent to it until you search. Packages are never run from
            here: you get the line to paste in a terminal.
          </p>
          <Button className="shrink-0 px-2 py-0.5 text-xs" onClick={() => setWorkbench({ text: '', nonce: Date.now() })}>
            Check a server.json…
          </Button>
        </div>
      </form>
      {baseProblem ? (
        <Alert tone="danger" role="alert">
          {baseProblem}
        </Alert>
      ) : null}
      {results.isError ? (
        <Alert tone="danger" role="alert">
          {errorMessage(results.error)}
        </Alert>
      ) : null}
      {workbench ? (
        <ChunkBoundary label="the server.json workbench" onRetry={ServerJsonWorkbench.retry} loading={loading}>
          {() => (
            <ServerJsonWorkbench.Component
              key={workbench.nonce}
              initialText={workbench.text}
              connected={connected}
              onClose={() => setWorkbench(undefined)}
            />
          )}
        </ChunkBoundary>
      ) : null}
      {open ? (
        <ChunkBoundary label="the registry entry" onRetry={EntryView.retry} loading={loading}>
          {() => (
            <EntryView.Component
              entry={open}
              base={asked?.base ?? registryBase(registryUrl)}
              onBack={() => setOpen(undefined)}
              onConnect={onConnect}
              onCheck={(raw) => setWorkbench({ text: JSON.stringify(raw, null, 2), nonce: Date.now() })}
            />
          )}
        </ChunkBoundary>
      ) : asked && results.isSuccess ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="text-xs text-muted">
            {entries.length
              ? `${entries.length}${results.hasNextPage ? '+' : ''} server${entries.length === 1 ? '' : 's'}${asked.search ? ` matching “${asked.search}”` : ''}`
              : `No server${asked.search ? ` matches “${asked.search}”` : ' in this registry'}.`}
            {malformed ? ` · ${malformed} malformed entr${malformed === 1 ? 'y' : 'ies'} left out` : ''}
          </p>
          <ul aria-label="Registry servers" className="flex flex-col divide-y divide-line rounded-md border border-line">
            {entries.map((entry) => (
              <EntryRow key={`${entry.server.name}@${entry.server.version}`} entry={entry} onOpen={() => setOpen(entry)} />
            ))}
          </ul>
          {results.hasNextPage ? (
            <Button className="self-start" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
              {results.isFetchingNextPage ? 'Loading…' : 'More servers'}
            </Button>
          ) : null}
        </div>
      ) : results.isFetching ? (
        <p className="text-sm text-muted">Asking the registry…</p>
      ) : null}
    </section>
  );
}

function EntryRow({ entry, onOpen }: { entry: RegistryEntry; onOpen: () => void }) {
  const { server } = entry;
  const name = revealInvisible(server.name);
  return (
    <li className="flex flex-col gap-1 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-mono text-xs font-semibold break-all">{name}</span>
        {server.title ? <span className="font-medium">{revealInvisible(server.title)}</span> : null}
        <span className="text-xs text-muted">{revealInvisible(server.version)}</span>
        {entry.status !== 'active' ? (
          <Badge tone="warn" title={entry.statusMessage ? revealInvisible(entry.statusMessage) : undefined}>
            {entry.status}
          </Badge>
        ) : null}
        {transportsOf(server).map((kind) => (
          <Badge key={kind}>{revealInvisible(kind)}</Badge>
        ))}
        <Button className="ml-auto px-2 py-0.5 text-xs" aria-label={`Open ${name}`} onClick={onOpen}>
          Open
        </Button>
      </div>
      {server.description ? <p className="text-subtle">{revealInvisible(server.description)}</p> : null}
      {entry.status !== 'active' && entry.statusMessage ? (
        <p className="text-xs text-warn">{revealInvisible(entry.statusMessage)}</p>
      ) : null}
    </li>
  );
}
