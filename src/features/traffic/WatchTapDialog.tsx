// Ctrl+K "Watch a tap": the taps running on this machine (`toolscope tap`, each with its own page),
// listed by Toolscope's own server at /proxy/taps (behind the proxy's token) — what each taps, since
// when, and its page opened in a new tab. A link is used only if it is a tap page on 127.0.0.1.
import { useQuery } from '@tanstack/react-query';
import { ViewDialog } from '../../components/ui/ViewDialog.tsx';
import { ServerText } from '../../components/ui/ServerText.tsx';
import { fetchProxySession, PROXY_TOKEN_HEADER } from '../../mcp/wire/proxy.ts';
import { isRecord, own } from '../../mcp/guards.ts';
import { clockTime } from './trafficView.ts';
import { queryKeys } from '../../lib/queryKeys.ts';

interface Tap {
  link: string;
  transport: string;
  target: string;
  startedAt: number;
}

/** A tap page's link as the page may open it, or undefined. */
const tapLink = (value: unknown) => {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    const token = url.searchParams.get('tap');
    return url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.port && token
      ? `http://127.0.0.1:${url.port}/?tap=${encodeURIComponent(token)}`
      : undefined;
  } catch {
    return undefined;
  }
};

async function loadTaps(): Promise<Tap[] | 'no-server'> {
  const session = await fetchProxySession(location.origin);
  if (!session) return 'no-server';
  const response = await fetch('/proxy/taps', {
    headers: { [PROXY_TOKEN_HEADER]: session.token },
    cache: 'no-store',
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) return 'no-server';
  const body: unknown = await response.json();
  const taps = isRecord(body) ? own(body, 'taps') : undefined;
  return (Array.isArray(taps) ? taps : []).filter(isRecord).flatMap((tap) => {
    const link = tapLink(own(tap, 'link'));
    return link
      ? [
          {
            link,
            transport: String(own(tap, 'transport')),
            target: typeof own(tap, 'target') === 'string' ? (own(tap, 'target') as string) : '',
            startedAt: Number(own(tap, 'startedAt')) || 0,
          },
        ]
      : [];
  });
}

export default function WatchTapDialog({ onClose }: { onClose: () => void }) {
  const taps = useQuery({ queryKey: queryKeys.taps(), queryFn: loadTaps, refetchInterval: 2000 });
  const list = Array.isArray(taps.data) ? taps.data : [];
  return (
    <ViewDialog title="Watch a tap" onClose={onClose}>
      <h2 className="text-base font-semibold">Watch a tap</h2>
      <p className="mt-1 text-sm text-muted">
        What a real host (Claude Desktop, Cursor, VS Code) sends its server, live. Put{' '}
        <code className="font-mono">npx toolscope tap --out host.jsonl --</code> before the server’s command in the host’s config.
      </p>
      {taps.isPending ? <p className="mt-2 text-sm">Looking for taps…</p> : null}
      {taps.data === 'no-server' ? (
        <p className="mt-2 text-sm">
          Only a page served by <code className="font-mono">npx toolscope</code> can list the taps on this machine.
        </p>
      ) : null}
      {Array.isArray(taps.data) && !list.length ? <p className="mt-2 text-sm">No tap is running on this machine.</p> : null}
      {list.length ? (
        <ul aria-label="Running taps" className="mt-2 flex flex-col gap-1">
          {list.map((tap) => (
            <li key={tap.link} className="flex flex-wrap items-center gap-2 rounded border border-line px-2 py-1 text-sm">
              <ServerText className="font-mono" text={tap.target} />
              <span className="text-muted">
                {tap.transport} · since {clockTime(tap.startedAt)}
              </span>
              <a className="ml-auto text-link underline" href={tap.link} target="_blank" rel="noopener noreferrer">
                Open tap
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </ViewDialog>
  );
}
