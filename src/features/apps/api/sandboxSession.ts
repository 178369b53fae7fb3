// What the App view asks of Toolscope's MCP Apps sandbox (server/sandbox.ts): the origin its
// server's apps get, a load registered with the app's declared CSP (served once), and the
// violations the browser reported for that load.
import { hash53 } from '../../../lib/hash53.ts';
import { serverKey } from '../../../lib/serverKey.ts';
import type { CspReport } from '../../../apphost/hostSession.ts';
import type { HostProfileId } from '../../../mcp/apps/appHosts.ts';
import { isRecord } from '../../../mcp/guards.ts';
import type { AppCsp } from '../../../mcp/apps/mcpApps.ts';

/**
 * A server's place in the sandbox: its origin, <id>.localhost on the sandbox port (apps of two
 * servers never share storage), and a fresh token for one load's violation reports.
 */
export function appSandbox(sandboxOrigin: string, serverUrl: string) {
  const appId = `a${hash53(serverKey(serverUrl))}`;
  const token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return { appId, relayOrigin: `http://${appId}.localhost:${new URL(sandboxOrigin).port}`, token };
}

/** Registers one load of an app (its policy is built by the sandbox from `csp`); resolves its session. */
export async function registerAppSession(
  sandboxOrigin: string,
  load: { app: string; profile: HostProfileId; csp: AppCsp; report: string },
): Promise<string> {
  // text/plain: a simple request, no preflight; the sandbox answers Toolscope's origin alone.
  const response = await fetch(`${sandboxOrigin}/app-session`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: JSON.stringify(load),
  });
  if (!response.ok) throw new Error(`the sandbox answered HTTP ${response.status}`);
  const { session } = (await response.json()) as { session?: unknown };
  if (typeof session !== 'string') throw new Error('the sandbox gave no session');
  return session;
}

/** Reads the load's violation reports every half second, each new one once; returns the stop. */
export function pollCspReports(sandboxOrigin: string, token: string, onReport: (report: CspReport) => void): () => void {
  let seen = 0;
  let live = true;
  let saidDropped = false;
  const timer = setInterval(() => {
    fetch(`${sandboxOrigin}/csp-reports/${token}`)
      .then((response) => (response.ok ? response.json() : {}))
      .then((answer: unknown) => {
        // An answer that arrives after the load ended belongs to no app shown now.
        const reports = isRecord(answer) ? answer.reports : undefined;
        if (!live || !Array.isArray(reports)) return;
        const dropped = isRecord(answer) && isRecord(answer.dropped) ? Number(answer.dropped.enforce) : 0;
        // Blocked loads past the channel's room are counted by the sandbox: said as a violation of their own.
        if (dropped > 0 && !saidDropped) {
          saidDropped = true;
          onReport({
            directive: 'report-uri',
            blocked: 'more blocked loads than the sandbox keeps (not listed)',
            disposition: 'enforce',
            sample: '',
          });
        }
        for (const report of reports.slice(seen))
          if (isRecord(report))
            onReport({
              directive: String(report.directive).slice(0, 80),
              blocked: String(report.blocked).slice(0, 300),
              disposition: String(report.disposition),
              sample: typeof report.sample === 'string' ? report.sample.slice(0, 80) : '',
            });
        seen = Math.max(seen, reports.length);
      })
      .catch(() => undefined);
  }, 500);
  return () => {
    live = false;
    clearInterval(timer);
  };
}
