// A CLI run's telemetry (`record`, `test`, `load`): its requests seen by the same Traffic recorder the
// page and `record` use, made into the same cassette (the same secrets check: a credential in an
// exchange stops the push, said), and pushed to the collector the run names (./otlpPush.ts). Nothing
// happens without an endpoint: no recorder, no request to anywhere.
import { printable } from '../../src/lib/printable.ts';
import { redactText } from '../../src/lib/redactUrl.ts';
import { parseCassette, recordCassette, type Cassette } from '../../src/mcp/recording/cassette.ts';
import { connectionReach, type SessionReach } from '../../src/mcp/recording/sessionReach.ts';
import { TrafficRecorder, type TrafficEntry } from '../../src/mcp/recording/traffic.ts';
import { CLIENT_INFO } from '../../src/mcp/clientIdentity.ts';
import type { McpConnection } from '../../src/mcp/connection.ts';
import type { ServerTarget } from '../cli/reach.ts';
import { pushSignals, type OtlpTarget } from './otlpPush.ts';

/** At most this many HTTP exchanges are kept for one run's telemetry (a load test's thousands of calls): the rest is said. */
export const MAX_TELEMETRY_ENTRIES = 20_000;

/** A session's cassette sent to the collector, said on stderr in one line (redacted). */
export async function sendCassette(
  cassette: Cassette,
  reach: SessionReach,
  otlp: OtlpTarget,
  secrets: readonly string[],
  more: readonly string[] = [],
): Promise<void> {
  const say = (line: string) => console.error(printable(redactText(line, secrets)));
  const sent = await pushSignals(cassette, reach, otlp, CLIENT_INFO.version);
  if ('failed' in sent) {
    say(`Telemetry not sent: ${sent.failed}`);
    return;
  }
  for (const note of [...more, ...sent.notes]) say(`Telemetry: ${note}`);
  const server = sent.serverSpans ? ` (${sent.serverSpans} from the server)` : '';
  say(
    `Telemetry: ${sent.spans} spans${server} and ${sent.measurements} duration measurements sent to ${otlp.shown} (OTLP ${otlp.protocol}).`,
  );
}

/**
 * What a run needs for telemetry: the target its requests go through (recorded), and `send`, called
 * with the connection before it closes.
 */
export function runTelemetry(target: ServerTarget, otlp: OtlpTarget | undefined) {
  if (!otlp) return { target, send: () => Promise.resolve() };
  const traffic = new TrafficRecorder(target.fetch ?? ((input, init) => fetch(input, init)));
  const settled: TrafficEntry[] = [];
  let dropped = 0;
  const unsubscribe = traffic.subscribe(() => {
    const taken = traffic.takeSettled();
    const room = Math.max(0, MAX_TELEMETRY_ENTRIES - settled.length);
    settled.push(...taken.slice(0, room));
    dropped += Math.max(0, taken.length - room);
  });
  return {
    target: { ...target, fetch: traffic.fetch } satisfies ServerTarget,
    send: async (connection: McpConnection, secrets: readonly string[]) => {
      // An answer still streaming when the run ended is logged as it finishes.
      await new Promise((resolve) => setTimeout(resolve, 50));
      unsubscribe();
      const entries = [...settled, ...traffic.takeSettled().slice(0, Math.max(0, MAX_TELEMETRY_ENTRIES - settled.length))];
      const written = recordCassette(connection, entries, { secrets });
      if ('refused' in written) {
        console.error(printable(redactText(`Telemetry not sent: ${written.refused}`, secrets)));
        return;
      }
      const cassette = parseCassette(written.text);
      if ('error' in cassette) {
        console.error(printable(`Telemetry not sent: ${cassette.error}`));
        return;
      }
      const more = dropped
        ? [`only the first ${MAX_TELEMETRY_ENTRIES.toLocaleString('en-US')} HTTP exchanges were kept (${dropped} more)`]
        : [];
      await sendCassette(cassette, connectionReach(connection), otlp, secrets, more);
    },
  };
}
