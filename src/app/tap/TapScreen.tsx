// The page on a tap (`/?tap=TOKEN`, the link `toolscope tap` prints): what a real host and its
// server say to each other, live and read-only — "Tapped: <host> ↔ <server>", the host's
// findings (each with the spec's rule), the wire as Traffic's rows (the same filters and details),
// the server's stderr, and Save as cassette (the lines this page holds, in the tap's format, for
// `toolscope mock`). Nothing here calls anything: the session is the host's.
import { useMemo } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { ServerText } from '../../components/ui/ServerText.tsx';
import { Toaster } from '../../components/ui/Toaster.tsx';
import { TrafficLog } from '../../features/traffic/TrafficPanel.tsx';
import { entryTone } from '../../features/traffic/trafficView.ts';
import { wireRows } from '../../features/traffic/wireRows.ts';
import { hostFindings } from '../../mcp/recording/hostFindings.ts';
import { compareWithToolscope, VIEW_NOTE } from '../../mcp/recording/viewDiff.ts';
import { isWireLine, isWireNote, sessionOf, type WireSession } from '../../mcp/recording/wireLog.ts';
import { clockTime } from '../../features/traffic/trafficView.ts';
import { downloadBytes } from '../../web/download.ts';
import { parseCassette } from '../../mcp/recording/cassette.ts';
import { CLIENT_INFO } from '../../mcp/clientIdentity.ts';
import { schemaIssues } from '../../schema/validate.ts';
import { toasts } from '../../web/toasts.ts';
import { MAX_LINES, useTapStream, type TapState } from './tapStream.ts';

const named = (party: { name: string; version?: string } | undefined, fallback: string) =>
  party ? `${party.name}${party.version ? ` ${party.version}` : ''}` : fallback;

const STATUS: Record<TapState['status'], string> = {
  connecting: 'Connecting to the tap…',
  live: 'Live',
  ended: 'Ended: the tap stopped (its cassette file holds every line)',
  refused: 'This tap is not running, or the link’s token is not its own',
};

const cassetteOf = (state: TapState) => `${[state.header, ...state.entries].map((line) => JSON.stringify(line)).join('\n')}\n`;
const stemOf = (session: WireSession) => (session.server?.name ?? 'tap').replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60);

/** The lines this page holds, as the tap's cassette (its header, then each line). */
function saveCassette(state: TapState, session: WireSession) {
  downloadBytes(new TextEncoder().encode(cassetteOf(state)), 'application/jsonl', `tap-${stemOf(session)}.cassette.jsonl`);
  toasts.show({
    title: `Cassette saved: ${state.entries.length} lines`,
    notes: [
      ...(state.dropped
        ? [`The first ${state.dropped} lines left this page (it keeps the last ${MAX_LINES}); the tap’s own file has them.`]
        : []),
      'Serve it with: npx toolscope mock FILE',
    ],
  });
}

/** The host's requests as OpenTelemetry traces (OTLP/JSON), made from that cassette as Traffic's Export OTLP makes them. */
async function exportOtlp(state: TapState, session: WireSession) {
  const cassette = parseCassette(cassetteOf(state));
  if ('error' in cassette) {
    toasts.show({ title: 'Traces not saved', notes: [cassette.error] });
    return;
  }
  const { otlpJson } = await import('../../mcp/recording/otlpExport.ts');
  const { json, spans } = await otlpJson(cassette, CLIENT_INFO.version);
  downloadBytes(new TextEncoder().encode(json), 'application/json', `tap-${stemOf(session)}.otlp.json`);
  toasts.show({ title: `Traces saved: ${spans} spans (OTLP/JSON)`, notes: ['Send them to a collector: POST the file to its /v1/traces.'] });
}

export function TapScreen({ token }: { token: string }) {
  const state = useTapStream(token);
  const lines = useMemo(() => state.entries.filter(isWireLine), [state.entries]);
  const session = useMemo(() => sessionOf(lines), [lines]);
  const rows = useMemo(() => wireRows(lines, state.tap?.target ?? 'tap'), [lines, state.tap]);
  const ended = state.status === 'ended';
  const findings = useMemo(() => hostFindings(lines, { ended, issuesOf: schemaIssues }), [lines, ended]);
  const errors = useMemo(() => rows.filter((row) => entryTone(row) === 'error').length, [rows]);
  const stderr = lines.filter((line) => line.stderr !== undefined);
  const notes = state.entries.filter(isWireNote).filter((note) => note.note !== VIEW_NOTE);
  // `toolscope tap --compare`: Toolscope's own view of the server, beside the host's.
  const compared = useMemo(() => compareWithToolscope(state.entries), [state.entries]);
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-ink md:h-dvh">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line px-3 py-2">
        <h1 className="text-base font-semibold">
          Tapped: <ServerText text={named(session.client, 'the host (not yet heard)')} /> ↔{' '}
          <ServerText text={named(session.server, 'the server (not yet heard)')} />
        </h1>
        <span role="status" aria-label="Tap status" className="text-sm text-muted">
          {STATUS[state.status]}
          {session.protocolVersion ? ` · ${session.era === 'modern' ? '' : 'legacy '}${session.protocolVersion}` : ''}
        </span>
        <Button variant="ghost" className="ml-auto text-sm" disabled={!session.server} onClick={() => void exportOtlp(state, session)}>
          Export OTLP
        </Button>
        <Button className="text-sm" disabled={!state.header} onClick={() => saveCassette(state, session)}>
          Save as cassette
        </Button>
      </header>
      <p className="px-3 py-1 text-xs text-muted">
        Read-only: what the host and the server said to each other through <code className="font-mono">toolscope tap</code>
        {state.tap ? (
          <>
            {' '}
            ({state.tap.transport}: <ServerText className="font-mono" text={state.tap.target} />, since {clockTime(state.tap.startedAt)})
          </>
        ) : null}
        . Nothing can be called from here.
      </p>
      {state.status === 'refused' ? (
        <Alert tone="danger" className="mx-3">
          {STATUS.refused}. Start the tap again and open the link it prints.
        </Alert>
      ) : null}
      <section aria-label="Host findings" className="px-3 py-1">
        <h2 className="text-sm font-semibold">
          What the host did that matters{' '}
          <span className="font-normal text-muted">({findings.length ? `${findings.length} findings` : 'none so far'})</span>
        </h2>
        {findings.length ? (
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {findings.map((finding) => (
              <li key={`${finding.rule}-${finding.at}-${finding.detail}`} className="rounded border border-line px-2 py-1">
                <ServerText text={finding.detail} />
                <div className="text-xs text-muted">
                  {finding.rule} · {finding.cite}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {notes.map((note) => (
          <p key={`${note.at}-${note.note}`} className="text-xs text-muted">
            {clockTime(note.at)} · {note.note}
          </p>
        ))}
      </section>
      {compared ? (
        <section aria-label="Compared with Toolscope" className="px-3 py-1 text-sm">
          <h2 className="font-semibold">What this host saw vs what Toolscope sees</h2>
          {'failed' in compared ? (
            <p className="text-muted">{compared.failed}</p>
          ) : compared.differences.length ? (
            <ul className="list-disc pl-5">
              {compared.differences.map((line) => (
                <li key={line}>
                  <ServerText text={line} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted">
              The same: the era, the capabilities{compared.tools === undefined ? '' : `, ${compared.tools} tools`}.
            </p>
          )}
        </section>
      ) : null}
      <div className="min-h-80 flex-1 border-t border-line md:min-h-0">
        <TrafficLog
          entries={rows}
          errors={errors}
          actions={<span className="ml-auto text-xs text-muted">{lines.length} lines on the wire</span>}
        />
      </div>
      <details className="border-t border-line px-3 py-1 text-xs">
        <summary className="cursor-pointer">
          Server stderr ({stderr.length} {stderr.length === 1 ? 'line' : 'lines'})
        </summary>
        <pre className="max-h-48 overflow-auto font-mono whitespace-pre-wrap">{stderr.map((line) => line.stderr).join('\n')}</pre>
      </details>
      <Toaster />
    </div>
  );
}
