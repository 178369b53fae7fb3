// The one way page-independent code reaches a server — every CLI command and `toolscope mcp`'s
// agent alike — with one set of bounds: a deadline per request (--timeout), a cap per answer
// (--max-mb) and, for a report, a budget for all answers together (./limits.ts); the era asked for;
// a machine's sign-in (OAuth client credentials, no browser); the URL's own credentials refused.
// The page has its own door (src/mcp/establish.ts: era memory, prefetch, the proxy), under the same
// cap per answer (src/lib/answerCap.ts).
import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { knowSecrets } from './stderrGuard.ts';
import { printable } from '../../src/lib/printable.ts';
import { redactText, redactUrl, urlSecrets } from '../../src/lib/redactUrl.ts';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { machineSignIn, type MachineIdentity } from '../../src/mcp/auth/machineAuth.ts';
import { McpConnection } from '../../src/mcp/connection.ts';
import type { EraHint } from '../../src/mcp/era.ts';
import { describeFailure, failureOf } from '../../src/mcp/errors.ts';
import type { FetchLike } from '../../src/mcp/recording/traffic.ts';
import { UsageError } from './cliOptions.ts';
import type { ReportOptions } from './args.ts';
import { limitedFetch } from './limits.ts';

export interface ServerTarget {
  url: string;
  /** Shown instead of the URL (a stdio server's command line). */
  label?: string;
  /** How requests reach it (the stdio bridge in process); default: the network. */
  fetch?: FetchLike;
  /** Said when it could not be reached (a stdio server's last stderr lines). */
  explain?: () => string;
  /** A stdio server: start its process again (the bridge initializes it as the last client did). */
  restart?: () => Promise<void>;
}

type Machine = NonNullable<ReportOptions['machine']>;

export interface ReachOptions {
  timeoutMs: number;
  maxResponseBytes: number;
  /** All answers of this connection together (a report's budget); default: none (each answer keeps its cap). */
  budgetBytes?: number;
  eraHint?: EraHint;
  headers: Record<string, string>;
  bearer?: string;
  machine?: Machine;
  /** Every request passes through this under the limits (Traffic's recorder). */
  through?: (fetch: FetchLike) => FetchLike;
}

export interface Reached {
  connection: McpConnection;
  /** The values never printed: the bearer, header values, the URL's credentials, an issued token. */
  secrets: string[];
  /** The limit a request hit, in its own words (with the size), if one did; `take` says it once. */
  hit: () => string | undefined;
  take: () => string | undefined;
  /** Rejects when a limit is hit (the SDK may keep waiting on a stream it no longer reads). */
  stopped: Promise<never>;
  /** Another connection made the same way (the caller closes it). */
  connectAgain: () => Promise<McpConnection>;
}

/** Why a server could not be reached, in one sentence ("Could not connect to …: …"). */
export class Unreached extends Error {}

/** The values a target and its options carry that are never printed. */
export function reachSecrets(target: ServerTarget, options: Pick<ReachOptions, 'bearer' | 'headers' | 'machine'>): string[] {
  return [options.bearer, options.machine?.clientSecret, ...Object.values(options.headers), ...urlSecrets(target.url)].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
}

/** The era asked for: `legacy` (2025-11-25's initialize), or a 2026 protocol version; none: as the server offers. */
export const eraHintOf = (era: string | undefined): EraHint | undefined =>
  era === undefined
    ? undefined
    : era === 'legacy'
      ? { era: 'legacy', protocolVersion: '2025-11-25' }
      : { era: 'modern', protocolVersion: era };

/** How the command line asks to reach a server: the era and the headers (a usage error exits 2 before any server runs). */
export function connectOptions(options: ReportOptions): Pick<ReachOptions, 'eraHint' | 'headers'> {
  const eraHint = eraHintOf(options.era);
  const headers: Record<string, string> = {};
  for (const value of options.headers) {
    const colon = value.indexOf(':');
    if (colon < 1) throw new UsageError(`--header "${value}": expected "Name: value".`);
    headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
  }
  return { ...(eraHint ? { eraHint } : {}), headers };
}

/** The connection, within the bounds; an Unreached saying why when it cannot be made. */
export async function reach(target: ServerTarget, options: ReachOptions, onSignedIn?: (line: string) => void): Promise<Reached> {
  const name = target.label ?? redactUrl(target.url).url; // never the URL's credentials
  const secrets = reachSecrets(target, options);
  if (urlSecrets(target.url).slice(0, 2).some(Boolean))
    throw new Unreached(
      `Could not connect to ${name}: the URL holds user:password@ credentials, which fetch cannot send. Give them as --header "Authorization: Basic …" (or $TOOLSCOPE_HEADERS) instead.`,
    );
  const limited = limitedFetch(target.fetch ?? ((input, init) => fetch(input, init)), {
    timeoutMs: options.timeoutMs,
    responseBytes: options.maxResponseBytes,
    reportBytes: options.budgetBytes ?? Number.POSITIVE_INFINITY,
  });
  // A limit's own sentence says more than the SDK's wrapping of the aborted stream.
  const reason = (error: unknown) => limited.hit() ?? describeFailure(failureOf(error));
  let send = options.through ? options.through(limited.fetch) : limited.fetch;
  const { machine } = options;
  if (machine) {
    try {
      const grant = await Promise.race([limited.stopped, machineSignIn(target.url, machineIdentity(machine), { ...machine, fetch: send })]);
      send = grant.authorize(send);
      // The issued token is a known secret from now on: a server that echoes it is not printed.
      secrets.push(grant.secret);
      onSignedIn?.(`Signed in as ${machine.clientId}: a ${grant.tokenType} token${grant.scope ? ` for “${grant.scope}”` : ''}.`);
    } catch (error) {
      throw new Unreached(`Could not sign in to ${name} as ${machine.clientId}: ${limited.hit() ?? errorMessage(error)}`);
    }
  }
  const connectAgain = () =>
    Promise.race([
      limited.stopped,
      McpConnection.connect({
        url: target.url,
        bearerToken: machine ? undefined : options.bearer,
        customHeaders: options.headers,
        ...(options.eraHint ? { eraHint: options.eraHint } : {}),
        fetch: send,
        timeoutMs: options.timeoutMs,
        // The connection's own cap per answer is --max-mb too (limitedFetch under it says it first).
        maxResponseBytes: options.maxResponseBytes,
      }),
    ]);
  try {
    return { connection: await connectAgain(), secrets, hit: limited.hit, take: limited.take, stopped: limited.stopped, connectAgain };
  } catch (error) {
    throw new Unreached(`Could not connect to ${name}: ${reason(error)}`);
  }
}

/** The machine's identity: its secret, or its key file read now (a PEM; the algorithm from the key unless named). */
function machineIdentity(machine: Machine): MachineIdentity {
  if (machine.clientSecret) return { kind: 'client-secret', clientId: machine.clientId, clientSecret: machine.clientSecret };
  let privateKey: string;
  try {
    privateKey = readFileSync(machine.jwtKey ?? '', 'utf8');
  } catch (error) {
    throw new Error(`--jwt-key ${machine.jwtKey ?? ''}: ${errorMessage(error)}`);
  }
  const algorithm = machine.jwtAlg ?? (/BEGIN EC PRIVATE KEY/.test(privateKey) || isEcKey(privateKey) ? 'ES256' : 'RS256');
  return { kind: 'private-key-jwt', clientId: machine.clientId, privateKey, algorithm };
}

function isEcKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'ec';
  } catch {
    return false;
  }
}

/** What a command does once connected; its exit status. `failed` says why it could not, redacted, and gives 2. */
export type Work = (
  connection: McpConnection,
  context: {
    secrets: string[];
    failed: (message: string) => number;
    /** Another connection made the same way (the caller closes it). */
    connectAgain: () => Promise<McpConnection>;
  },
) => Promise<number>;

/**
 * A CLI command's way to a server: reach it with the command line's options, run `work`, close.
 * Every message passes the one redaction rule (the SDK's errors repeat the URL); exit 2 when the
 * server could not be reached or the work failed.
 */
export async function withServer(
  target: ServerTarget,
  options: ReportOptions,
  verb: string,
  work: Work,
  /** A load test reads far more than a report: no budget for all answers together (each answer keeps its cap). */
  scope: 'report' | 'load' = 'report',
  through?: ReachOptions['through'],
): Promise<number> {
  const reachOptions: ReachOptions = {
    ...connectOptions(options),
    timeoutMs: options.timeoutMs,
    maxResponseBytes: options.maxResponseBytes,
    ...(scope === 'report' ? { budgetBytes: options.maxResponseBytes * 4 } : {}),
    ...(options.bearer ? { bearer: options.bearer } : {}),
    ...(options.machine ? { machine: options.machine } : {}),
    ...(through ? { through } : {}),
  };
  const secrets = reachSecrets(target, reachOptions);
  knowSecrets(...secrets);
  const failed = (message: string) => {
    const more = target.explain?.();
    // Server-derived text (its error message, its name): no terminal control reaches the terminal.
    console.error(printable(redactText(`${message}${more ? `\n${more}` : ''}`, secrets)));
    return 2;
  };
  let reached: Reached;
  try {
    reached = await reach(target, reachOptions, (line) => console.error(printable(line)));
  } catch (error) {
    return failed(error instanceof Unreached ? error.message : `Could not connect: ${errorMessage(error)}`);
  }
  knowSecrets(...reached.secrets);
  secrets.splice(0, secrets.length, ...reached.secrets);
  const { connection } = reached;
  try {
    return await Promise.race([reached.stopped, work(connection, { secrets, failed, connectAgain: reached.connectAgain })]);
  } catch (error) {
    return failed(`The ${verb} failed: ${reached.hit() ?? describeFailure(failureOf(error))}`);
  } finally {
    await connection.close().catch(() => undefined);
  }
}
