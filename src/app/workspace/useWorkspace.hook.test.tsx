// The workspace hooks, rendered (the first hook tests): a server's call session is the workspace's,
// not the view's — a call started on a screen that is then unmounted (the server left the screen)
// keeps running, and a new screen on the same server reads its result. Against the real demo.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Window } from 'happy-dom';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningServer } from '../../../server/testing/testServers.ts';
import { useCallSession } from '../../features/call/useCallSession.ts';
import { McpConnection } from '../../mcp/connection.ts';
import { mergePages } from '../../mcp/pageMerge.ts';
import { walkPages } from '../../mcp/pagination.ts';
import { usePageWorkspace } from './useWorkspace.ts';

// A DOM for React alone (happy-dom's window and document): Node's own URL, fetch and timers stay, so
// the real servers and the SDK run as everywhere else.
const dom = new Window({ url: 'http://127.0.0.1/' });
Object.assign(globalThis, {
  window: dom,
  document: dom.document,
  HTMLElement: dom.HTMLElement,
  Element: dom.Element,
  Node: dom.Node,
  MutationObserver: dom.MutationObserver,
  navigator: dom.navigator,
  getComputedStyle: dom.getComputedStyle.bind(dom),
  IS_REACT_ACT_ENVIRONMENT: true,
});
const { act, cleanup, renderHook, waitFor } = await import('@testing-library/react');

describe('usePageWorkspace and useCallSession', () => {
  let demo: RunningServer;
  beforeAll(async () => {
    demo = await startDemoServer();
  });
  afterAll(async () => {
    await demo.stop();
    await dom.happyDOM.close();
  });
  afterEach(cleanup);

  it('a call keeps running when its screen goes, and the next screen on that server shows its result', async () => {
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const page = renderHook(() => usePageWorkspace(), { wrapper });
    // No server yet: no workspace (its code is the connected screen's chunk, not the start screen's).
    expect(page.result.current.workspace).toBeUndefined();
    const connection = await McpConnection.connect({ url: demo.url });
    const { tools } = mergePages((await walkPages((cursor) => connection.listToolsPage(cursor))).pages);
    const ask = { url: demo.url, bearerToken: '', customHeaders: {}, secretHeaders: [] };
    await act(() =>
      page.result.current.joined(
        { status: 'connected', connection, id: 1, authContext: connection.authContext, eraSource: 'probed', trafficFrom: 0 },
        ask,
      ),
    );
    const workspace = page.result.current.workspace!;
    const server = workspace.get(demo.url)!;
    expect(workspace.getSnapshot().shown).toBe(server);

    // The screen: the hook reads the workspace's session, it does not make one.
    const screen = renderHook(() => useCallSession({ session: server.calls, tools, loading: false }), { wrapper });
    expect(screen.result.current.session).toBe(server.calls);
    const job = tools.find((tool) => tool.name === 'compile_annual_report')!;
    await act(async () => {
      const asked = screen.result.current.session.request(job, { duration_s: 1, interval_ms: 200 }, { origin: 'form' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (screen.result.current.snapshot.pending) screen.result.current.session.answer(true);
      await asked;
    });
    await waitFor(() => expect(screen.result.current.snapshot.runs[0]?.state.status).toBe('running'));

    // The server leaves the screen ("Add server"): the view goes, the call does not.
    act(() => workspace.hide());
    screen.unmount();
    await waitFor(() => expect(server.calls.getSnapshot().runs[0]?.state.status).toBe('done'), { timeout: 10_000 });

    // Back on screen: a new view of the same session, the result in its run list.
    act(() => void workspace.show(demo.url));
    const again = renderHook(() => useCallSession({ session: server.calls, tools, loading: false }), { wrapper });
    expect(again.result.current.snapshot.runs).toHaveLength(1);
    expect(again.result.current.snapshot.runs[0]).toMatchObject({ tool: 'compile_annual_report', state: { status: 'done' } });

    // A connection useConnection closed leaves the set.
    act(() => page.result.current.closed(connection));
    await waitFor(() => expect(workspace.has(demo.url)).toBe(false));
  }, 30_000);
});
