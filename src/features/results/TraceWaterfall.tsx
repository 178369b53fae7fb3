// The response pane's "Trace": the W3C trace context a call carried and, when the server returned its
// own spans of it (SEP-2448), a waterfall — the call as Toolscope timed it, the wire each way, and the
// server's spans beneath with their durations. Two machines' clocks never agree exactly, so the
// server's spans are placed inside the call with the time outside them split evenly between the
// request's way there and the answer's way back (said so); their durations are the server's own.
import { cn } from '../../lib/cn.ts';
import { spanTree, type CallTrace, type ServerSpan } from '../../mcp/recording/serverSpans.ts';
import { formatMs } from '../../session/loadBudget.ts';

interface Row {
  name: string;
  where: string;
  startMs: number;
  durationMs: number;
  depth: number;
  tone: 'client' | 'wire' | 'server' | 'error';
  error?: string;
}

const KIND = ['', 'internal', 'server', 'client', 'producer', 'consumer'];

/** The waterfall's rows: the client's span, the wire out, the server's spans in tree order, the wire back. */
export function waterfallRows(trace: CallTrace, spans: readonly ServerSpan[], callName: string, durationMs: number): Row[] {
  const tree = spanTree(spans, trace.spanId);
  const from = Math.min(...spans.map((span) => span.startMs));
  const to = Math.max(...spans.map((span) => span.endMs));
  const server = Math.max(0, to - from);
  const each = Math.max(0, durationMs - server) / 2;
  return [
    { name: callName, where: 'Toolscope (client)', startMs: 0, durationMs, depth: 0, tone: 'client' },
    { name: 'request on the wire', where: 'network', startMs: 0, durationMs: each, depth: 1, tone: 'wire' },
    ...tree.map(({ span, depth }): Row => ({
      name: span.name,
      where: [span.service ?? 'server', KIND[span.kind]].filter(Boolean).join(' · '),
      startMs: each + (span.startMs - from),
      durationMs: span.endMs - span.startMs,
      depth,
      tone: span.error ? 'error' : 'server',
      ...(span.error ? { error: span.error } : {}),
    })),
    { name: 'answer on the wire', where: 'network', startMs: each + server, durationMs: each, depth: 1, tone: 'wire' },
  ];
}

const BAR: Record<Row['tone'], string> = {
  client: 'bg-accent',
  wire: 'bg-muted/50',
  server: 'bg-ok',
  error: 'bg-danger',
};

function Waterfall({ rows, total }: { rows: Row[]; total: number }) {
  return (
    <table aria-label="Trace waterfall" className="mt-1 w-full table-fixed text-xs">
      <thead>
        <tr className="text-left text-muted">
          <th scope="col" className="w-[34%] font-medium">
            Span
          </th>
          <th scope="col" className="w-[26%] font-medium">
            Where
          </th>
          <th scope="col" className="w-[13%] text-right font-medium">
            Duration
          </th>
          <th scope="col" className="font-medium">
            <span className="sr-only">Timeline</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} className="align-middle">
            <td className="truncate py-0.5" style={{ paddingLeft: `${row.depth * 0.75}rem` }} title={row.name}>
              {row.name}
            </td>
            <td className="truncate" title={row.error ? `${row.where} — failed: ${row.error}` : row.where}>
              <span className="text-muted">{row.where}</span>
              {row.error ? <span className="text-danger"> · failed</span> : null}
            </td>
            <td className="text-right tabular-nums">{row.tone === 'wire' ? `≈ ${formatMs(row.durationMs)}` : formatMs(row.durationMs)}</td>
            <td aria-hidden="true" className="pl-2">
              <div className="relative h-2 rounded bg-line/40">
                <div
                  className={cn('absolute inset-y-0 rounded', BAR[row.tone])}
                  style={{
                    left: `${Math.min(100, (row.startMs / total) * 100)}%`,
                    width: `${Math.max(0.5, Math.min(100 - (row.startMs / total) * 100, (row.durationMs / total) * 100))}%`,
                  }}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TraceWaterfall({ trace, callName, durationMs }: { trace: CallTrace; callName: string; durationMs: number }) {
  const reading = trace.serverSpans;
  const spans = reading && 'spans' in reading ? reading.spans : undefined;
  const summary = spans
    ? `Trace: ${spans.length} server ${spans.length === 1 ? 'span' : 'spans'}`
    : reading && 'refused' in reading
      ? 'Trace: the server’s spans were refused'
      : reading
        ? 'Trace: the server returned no spans'
        : 'Trace context sent';
  const rows = spans ? waterfallRows(trace, spans, callName, durationMs) : [];
  const total = Math.max(durationMs, ...rows.map((row) => row.startMs + row.durationMs), 0.001);
  return (
    <details>
      <summary className="cursor-pointer text-xs text-muted">{summary}</summary>
      <div className="mt-1 flex flex-col gap-1 text-xs">
        <p>
          Trace <code className="font-mono">{trace.traceId}</code>, this call’s span <code className="font-mono">{trace.spanId}</code> (sent
          in <code className="font-mono">_meta.traceparent</code>).
        </p>
        {reading && 'refused' in reading ? <p className="text-danger">{reading.refused}</p> : null}
        {reading && 'none' in reading ? <p>The server was asked for its spans of this call (SEP-2448) and returned none.</p> : null}
        {!reading ? (
          <p className="text-muted">
            Its own spans were not asked for: turn on “Ask the server for its spans” in Call settings — only a server that declares
            serverExecutionTelemetry (SEP-2448) is asked.
          </p>
        ) : null}
        {spans ? (
          <>
            <Waterfall rows={rows} total={total} />
            {rows.some((row) => row.error) ? (
              <ul aria-label="Failed spans" className="list-disc pl-5">
                {rows
                  .filter((row) => row.error)
                  .map((row, index) => (
                    <li key={index}>
                      {row.name}: <span className="text-danger">{row.error}</span>
                    </li>
                  ))}
              </ul>
            ) : null}
            <p className="text-muted">
              Durations are each side’s own; the server’s spans are placed with the time outside them split evenly between the request’s way
              there and the answer’s way back (the two clocks differ).
            </p>
          </>
        ) : null}
      </div>
    </details>
  );
}
