// Traffic's exports, loaded on the click that asks for one (the cassette and OTLP code stays off
// the first screen): "Export cassette" — this connection's exchanges as a cassette file
// (docs/cassettes.md), refused and said if a secret is in it — and "Export OTLP", the same
// exchanges as OpenTelemetry traces, made by the OpenTelemetry SDK — and "Send to collector", the same
// spans with the MCP conventions' duration histograms, POSTed to a collector the person names.
import type { TrafficEntry } from '../../mcp/recording/traffic.ts';
import { parseCassette, recordCassette } from '../../mcp/recording/cassette.ts';
import { CLIENT_INFO } from '../../mcp/clientIdentity.ts';
import { downloadBytes } from '../../web/download.ts';
import { toasts } from '../../web/toasts.ts';
import type { CassetteFrom } from './TrafficPanel.tsx';
import type { FetchLike } from '../../mcp/recording/traffic.ts';
import { fetchProxySession, proxiedFetch } from '../../mcp/wire/proxy.ts';
import { redactUrl } from '../../lib/redactUrl.ts';
import { reachOfSource } from '../../mcp/recording/sessionReach.ts';

/** "Export cassette": this connection's exchanges as a cassette file (docs/cassettes.md); refused, and said, if a secret is in it. */
export function exportCassette(entries: readonly TrafficEntry[], from: CassetteFrom) {
  const made = recordCassette(from.source, entries, { afterSeq: from.afterSeq, server: from.server });
  if ('refused' in made) {
    toasts.show({ title: 'Cassette not saved', notes: [made.refused] });
    return;
  }
  downloadBytes(new TextEncoder().encode(made.text), 'application/jsonl', `${fileStem(from)}.cassette.jsonl`);
  toasts.show({
    title: `Cassette saved: ${made.exchanges} ${made.exchanges === 1 ? 'exchange' : 'exchanges'}`,
    notes: [...made.skipped.map((line) => `Left out: ${line}`), 'Serve it with: npx toolscope mock FILE'],
  });
}

/** "Export OTLP": the same exchanges as OpenTelemetry traces, made by the OpenTelemetry SDK (loaded on this click). */
export async function exportOtlp(entries: readonly TrafficEntry[], from: CassetteFrom) {
  const made = recordCassette(from.source, entries, { afterSeq: from.afterSeq, server: from.server });
  if ('refused' in made) {
    toasts.show({ title: 'Traces not saved', notes: [made.refused] });
    return;
  }
  const cassette = parseCassette(made.text);
  if ('error' in cassette) return;
  const { otlpJson } = await import('../../mcp/recording/otlpExport.ts');
  const { json, spans, serverSpans, notes } = await otlpJson(cassette, CLIENT_INFO.version, reachOfSource(from.source));
  downloadBytes(new TextEncoder().encode(json), 'application/json', `${fileStem(from)}.otlp.json`);
  toasts.show({
    title: `Traces saved: ${spans} spans (OTLP/JSON)${serverSpans ? `, ${serverSpans} of them the server's` : ''}`,
    notes: [...notes, 'Or send them to a collector: Send to collector.'],
  });
}

/** Where the page sends: the collector's OTLP/HTTP base URL, its headers (memory only), and whether through Toolscope's proxy. */
export interface CollectorTarget {
  url: string;
  headers: Record<string, string>;
  viaProxy: boolean;
}

/** "Send to collector": this connection's spans and histograms to the collector; the line that says what happened. */
export async function sendToCollector(
  entries: readonly TrafficEntry[],
  from: CassetteFrom,
  target: CollectorTarget,
): Promise<{ ok: boolean; said: string; notes: string[] }> {
  const made = recordCassette(from.source, entries, { afterSeq: from.afterSeq, server: from.server });
  if ('refused' in made) return { ok: false, said: `Not sent: ${made.refused}`, notes: [] };
  const cassette = parseCassette(made.text);
  if ('error' in cassette) return { ok: false, said: `Not sent: ${cassette.error}`, notes: [] };
  const [{ sessionSignals }, { fetchSinks, signalUrl }] = await Promise.all([
    import('../../mcp/recording/otlpExport.ts'),
    import('../../mcp/recording/otlpFetch.ts'),
  ]);
  // Through the proxy only to the URL typed here (a link or a server never sets it).
  const session = target.viaProxy ? await fetchProxySession(window.location.origin) : undefined;
  if (target.viaProxy && !session)
    return { ok: false, said: 'Not sent: Toolscope’s proxy does not run here (a static host); send directly.', notes: [] };
  const direct: FetchLike = (input, init) => fetch(input, init);
  const send = session ? proxiedFetch(direct, session, Object.keys(target.headers)) : direct;
  const shown = redactUrl(signalUrl(target.url, 'traces')).url;
  try {
    const sent = await sessionSignals(
      cassette,
      CLIENT_INFO.version,
      reachOfSource(from.source),
      fetchSinks(send, target.url, target.headers),
    );
    const theirs = sent.serverSpans ? ` (${sent.serverSpans} from the server)` : '';
    return {
      ok: true,
      said: `Sent ${sent.spans} spans${theirs} and ${sent.measurements} duration measurements to ${shown.replace(/\/v1\/traces$/, '')}.`,
      notes: sent.notes,
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const browser = !session && /fetch|network|load failed/i.test(reason);
    return {
      ok: false,
      said: `Not sent: ${redactUrl(reason).url}${browser ? ' — the collector may allow no browser origin (CORS): send through Toolscope’s server.' : ''}`,
      notes: [],
    };
  }
}

const fileStem = (from: CassetteFrom) => from.source.server.name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'server';
