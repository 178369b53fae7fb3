// Traffic's exports, loaded on the click that asks for one (the cassette and OTLP code stays off
// the first screen): "Export cassette" — this connection's exchanges as a cassette file
// (docs/cassettes.md), refused and said if a secret is in it — and "Export OTLP", the same
// exchanges as OpenTelemetry traces, made by the OpenTelemetry SDK.
import type { TrafficEntry } from '../../mcp/recording/traffic.ts';
import { parseCassette, recordCassette } from '../../mcp/recording/cassette.ts';
import { CLIENT_INFO } from '../../mcp/clientIdentity.ts';
import { downloadBytes } from '../../web/download.ts';
import { toasts } from '../../web/toasts.ts';
import type { CassetteFrom } from './TrafficPanel.tsx';

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
  const { json, spans } = await otlpJson(cassette, CLIENT_INFO.version);
  downloadBytes(new TextEncoder().encode(json), 'application/json', `${fileStem(from)}.otlp.json`);
  toasts.show({ title: `Traces saved: ${spans} spans (OTLP/JSON)`, notes: ['Send them to a collector: POST the file to its /v1/traces.'] });
}

const fileStem = (from: CassetteFrom) => from.source.server.name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'server';
