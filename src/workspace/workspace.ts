// The servers of one tab (or one run): an ordered set of server sessions and which one is on
// screen. A server that leaves the screen stays in the set with its connection and its call
// session, so a call running there keeps running and its result is there when it comes back. Read
// like CallSession (subscribe / getSnapshot); what outlives a reload is handed in (`remember`).
import { serverLabels } from './serverLabels.ts';
import type { ServerSession } from './serverSession.ts';

export interface WorkspaceSnapshot<S extends ServerSession> {
  /** Every server of the set, in the order they were opened. */
  servers: readonly S[];
  /** The one on screen, if any ("Add server" leaves none while the form is shown). */
  shown?: S;
  /** Each server's name in lists: its title, else its name, and its address when two read alike. */
  labels: ReadonlyMap<string, string>;
  /** Calls still running, by server URL (off screen too). */
  running: ReadonlyMap<string, number>;
}

export interface WorkspaceDeps {
  /** The set's URLs, each time it changes (for a reload). */
  remember?: (urls: readonly string[]) => void;
}

const runningCount = (server: ServerSession) => server.calls.getSnapshot().runs.filter((run) => run.state.status === 'running').length;

export class Workspace<S extends ServerSession = ServerSession> {
  #servers: S[] = [];
  #shown: string | undefined;
  #snapshot: WorkspaceSnapshot<S> = { servers: [], labels: new Map(), running: new Map() };
  readonly #listeners = new Set<() => void>();
  /** Each server's call-session subscription (its running count). */
  readonly #watching = new Map<S, () => void>();

  constructor(private readonly deps: WorkspaceDeps = {}) {}

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  readonly getSnapshot = (): WorkspaceSnapshot<S> => this.#snapshot;

  /** The server of this URL in the set, if it is there. */
  get(url: string): S | undefined {
    return this.#servers.find((server) => server.url === url);
  }

  has(url: string): boolean {
    return this.get(url) !== undefined;
  }

  /** Adds a server (a server of the same URL already there is stopped and replaced, in its place). */
  add(server: S, show = true): S {
    const previous = this.get(server.url);
    if (previous && previous !== server) this.#drop(previous);
    if (previous !== server) {
      this.#servers = previous ? this.#servers.map((other) => (other === previous ? server : other)) : [...this.#servers, server];
      this.#watch(server);
    }
    if (show) this.#shown = server.url;
    this.#publish();
    return server;
  }

  /** Brings a server of the set on screen (the one there stays in the set). */
  show(url: string): S | undefined {
    const server = this.get(url);
    if (!server) return undefined;
    this.#shown = url;
    this.#publish();
    return server;
  }

  /** Nothing on screen ("Add server"): every server stays connected. */
  hide(): void {
    if (this.#shown === undefined) return;
    this.#shown = undefined;
    this.#publish();
  }

  /** Stops a server and takes it out of the set (when it was on screen, none is until one is shown). */
  remove(url: string): void {
    const server = this.get(url);
    if (!server) return;
    this.#drop(server);
    this.#servers = this.#servers.filter((other) => other !== server);
    if (this.#shown === url) this.#shown = undefined;
    this.#publish();
  }

  #drop(server: S) {
    this.#watching.get(server)?.();
    this.#watching.delete(server);
    void server.stop();
  }

  #watch(server: S) {
    // A new snapshot only when the number of calls running there changes.
    this.#watching.set(
      server,
      server.calls.subscribe(() => {
        if (runningCount(server) !== (this.#snapshot.running.get(server.url) ?? 0)) this.#publish();
      }),
    );
  }

  #publish() {
    const servers = this.#servers;
    const shown = servers.find((server) => server.url === this.#shown);
    const labels = serverLabels(servers.map((server) => ({ url: server.url, ...server.connection.server })));
    const running = new Map(servers.map((server) => [server.url, runningCount(server)] as const).filter(([, count]) => count));
    this.#snapshot = { servers, ...(shown ? { shown } : {}), labels, running };
    this.deps.remember?.(servers.map((server) => server.url));
    for (const listener of this.#listeners) listener();
  }
}
