// Traffic → "Send to collector": this connection's spans (the server's own too, when it returned
// them) and its duration histograms, sent to an OpenTelemetry collector the person names — directly
// from the browser, or through Toolscope's locked-down proxy for a collector that allows no browser
// origin. The headers (an API key) are held in this tab's memory only: never saved, never in a link.
import { useState } from 'react';
import { ViewDialog } from '../../components/ui/ViewDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { customHeaderProblem } from '../../mcp/wire/proxy.ts';
import type { TrafficEntry } from '../../mcp/recording/traffic.ts';
import type { CassetteFrom } from './TrafficPanel.tsx';
import { sendToCollector, type CollectorTarget } from './trafficExports.ts';

/** What was typed, for as long as this tab lives (memory only). */
let remembered: { url: string; headers: string; viaProxy: boolean } = { url: '', headers: '', viaProxy: false };

/** "Name: value" lines as headers, or what is wrong with one. */
function parseHeaders(text: string): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const [index, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    const problem = name ? customHeaderProblem(name) : 'expected "Name: value"';
    if (problem) return `Header line ${index + 1}: ${problem}.`;
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

const urlProblem = (text: string): string | undefined => {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'The collector URL must be http(s) (OTLP/HTTP).';
  } catch {
    return 'Type the collector’s OTLP/HTTP URL, e.g. http://localhost:4318.';
  }
};

export default function CollectorDialog({
  entries,
  from,
  onClose,
}: {
  entries: readonly TrafficEntry[];
  from: CassetteFrom;
  onClose: () => void;
}) {
  const [form, setForm] = useState(remembered);
  const [state, setState] = useState<{ sending: boolean; said?: string; ok?: boolean; notes: string[] }>({ sending: false, notes: [] });
  const update = (next: Partial<typeof form>) => {
    remembered = { ...form, ...next };
    setForm(remembered);
  };
  const send = async () => {
    const headers = parseHeaders(form.headers);
    const problem = urlProblem(form.url) ?? (typeof headers === 'string' ? headers : undefined);
    if (problem || typeof headers === 'string') {
      setState({ sending: false, said: problem, ok: false, notes: [] });
      return;
    }
    setState({ sending: true, notes: [] });
    const target: CollectorTarget = { url: form.url.trim(), headers, viaProxy: form.viaProxy };
    const sent = await sendToCollector(entries, from, target);
    setState({ sending: false, said: sent.said, ok: sent.ok, notes: sent.notes });
  };
  return (
    <ViewDialog title="Send to collector" onClose={onClose}>
      <h2 className="text-base font-semibold">Send to collector</h2>
      <p className="mt-1 text-sm text-muted">
        This connection’s requests as OpenTelemetry spans (the server’s own spans beneath its calls, when it returned them) and the MCP
        conventions’ duration histograms, sent as OTLP/JSON to <code className="font-mono">URL/v1/traces</code> and{' '}
        <code className="font-mono">URL/v1/metrics</code>.
      </p>
      <form
        className="mt-2 flex flex-col gap-2 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className="flex flex-col gap-1">
          Collector URL (OTLP/HTTP)
          <input
            type="url"
            value={form.url}
            placeholder="http://localhost:4318"
            onChange={(event) => update({ url: event.target.value })}
            className="rounded-md border border-field bg-panel px-2 py-1 font-mono"
          />
        </label>
        <label className="flex flex-col gap-1">
          Headers (one per line, Name: value — kept in this tab’s memory only)
          <textarea
            value={form.headers}
            rows={2}
            spellCheck={false}
            placeholder="x-honeycomb-team: …"
            onChange={(event) => update({ headers: event.target.value })}
            className="rounded-md border border-field bg-panel px-2 py-1 font-mono"
          />
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.viaProxy} onChange={(event) => update({ viaProxy: event.target.checked })} />
          Through Toolscope’s server (for a collector that allows no browser origin)
        </label>
        <div>
          <Button type="submit" disabled={state.sending}>
            {state.sending ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </form>
      <div role="status" className={state.ok === false ? 'mt-2 text-sm text-danger' : 'mt-2 text-sm'}>
        {state.said}
      </div>
      {state.notes.length ? (
        <ul aria-label="Left out" className="mt-1 list-disc pl-5 text-xs text-muted">
          {state.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </ViewDialog>
  );
}
