// `toolscope report …` — the server report for a server's CI: the same src/mcp connection and
// src/lint rules as the app, in Node, no browser. A stdio server is reached through the
// same bridge the page uses, in process (no port is opened).
// Exit 0 without error findings, 1 with any, 2 when the report could not be made; with --profile,
// the verdict decides: 0 ready, 1 not ready, 3 needs a person. `toolscope lock` reaches the server
// the same way and writes its tools' lockfile.
import { knowSecrets } from './stderrGuard.ts';
import { printable } from '../../src/lib/printable.ts';
import { redactText, redactUrl, redactValues, urlSecrets } from '../../src/lib/redactUrl.ts';
import { writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { machineSignIn, type MachineIdentity } from '../../src/mcp/machineAuth.ts';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { walkPages } from '../../src/mcp/pagination.ts';
import { mergePages } from '../../src/mcp/pageMerge.ts';
import { parseQueries, type ToolQuery } from '../../src/lint/queries.ts';
import { answerModelQueries, checkModelOptions } from './modelQueries.ts';
import { McpConnection, type EraHint } from '../../src/mcp/connection.ts';
import { describeFailure, failureOf } from '../../src/mcp/errors.ts';
import type { FetchLike } from '../../src/mcp/traffic.ts';
import { collectReport, rawToolList } from '../../src/lint/collect.ts';
import { LOCK_FAIL, lockText, lockTools, parseLockfile, type LockFail, type Lockfile } from '../../src/lint/lockfile.ts';
import { reportDeps } from '../../src/lint/deps.ts';
import { REPORT_FORMATS, formatReport } from '../../src/lint/formats.ts';
import { PROFILE_IDS, VERDICT_EXIT, VERDICT_TEXT, profileItemIds, type ProfileId } from '../../src/lint/profiles.ts';
import { readinessOf } from '../../src/lint/report.ts';
import { UsageError, type ReportOptions } from './args.ts';
import { limitedFetch } from './limits.ts';

export interface ReportTarget {
  url: string;
  /** Shown in the report instead of the URL (a stdio server's command line). */
  label?: string;
  /** How requests reach it (the stdio bridge in process); default: the network. */
  fetch?: FetchLike;
  /** Said when the report could not be made (a stdio server's last stderr lines). */
  explain?: () => string;
}

function parseHeaders(values: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    if (colon < 1) throw new UsageError(`--header "${value}": expected "Name: value".`);
    headers[value.slice(0, colon).trim()] = value.slice(colon + 1).trim();
  }
  return headers;
}

/** How to reach the server: the era asked for and the headers (a usage error exits 2 without running a server). */
export function checkConnectOptions(options: ReportOptions) {
  const eraHint: EraHint | undefined =
    options.era === undefined
      ? undefined
      : options.era === 'legacy'
        ? { era: 'legacy', protocolVersion: '2025-11-25' }
        : { era: 'modern', protocolVersion: options.era };
  return { eraHint, headers: parseHeaders(options.headers) };
}

/** Checks the report's options before anything starts (a usage error exits 2 without running a server). */
export function checkReportOptions(options: ReportOptions) {
  const format = REPORT_FORMATS.find((candidate) => candidate === options.format);
  if (!format) throw new UsageError(`--format ${options.format}: use one of ${REPORT_FORMATS.join(', ')}.`);
  checkLockFail(options.lockFail);
  const queries = readQueries(options.queries);
  // Model-mode queries need a model or a recording (and a recording is read here, once it is named).
  const model = checkModelOptions(options.model, queries);
  return { format, ...checkConnectOptions(options), queries, model, ...checkProfile(options) };
}

function checkProfile(options: ReportOptions): { profile?: ProfileId; confirmed: Set<string> } {
  if (options.profile === undefined) {
    if (options.confirm.length) throw new UsageError('--confirm names items of a profile: add --profile.');
    return { confirmed: new Set() };
  }
  const profile = PROFILE_IDS.find((id) => id === options.profile);
  if (!profile) throw new UsageError(`--profile ${options.profile}: use one of ${PROFILE_IDS.join(', ')}.`);
  const known = profileItemIds(profile);
  const unknown = options.confirm.filter((id) => !known.includes(id));
  if (unknown.length) throw new UsageError(`--confirm ${unknown.join(', ')}: not an item of ${profile} (${known.join(', ')}).`);
  return { profile, confirmed: new Set(options.confirm) };
}

export function readQueries(file: string | undefined): ToolQuery[] | undefined {
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--queries ${file}: ${errorMessage(error)}`);
  }
  const read = parseQueries(text);
  if ('error' in read) throw new UsageError(`--queries ${file}: ${read.error}`);
  return read.queries;
}

/** The machine's identity: its secret, or its key file read now (a PEM; the algorithm from the key unless named). */
function machineIdentity(machine: NonNullable<ReportOptions['machine']>): MachineIdentity {
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
    secrets: (string | undefined)[];
    failed: (message: string) => number;
    /** Another connection made the same way (the caller closes it). */
    connectAgain: () => Promise<McpConnection>;
  },
) => Promise<number>;

/**
 * Reaches the server as the report does — the limits, a machine sign-in, the connection — runs
 * `work`, and closes. Every message passes the one redaction rule (the SDK's errors repeat the URL).
 */
export async function withServer(
  target: ReportTarget,
  options: ReportOptions,
  verb: string,
  work: Work,
  /** A load test reads far more than a report: no budget for all answers together (each answer keeps its cap). */
  scope: 'report' | 'load' = 'report',
): Promise<number> {
  const { eraHint, headers } = checkConnectOptions(options);
  // Never the URL's credentials (?api_key=, user:password@) on stderr.
  const name = target.label ?? redactUrl(target.url).url;
  const secrets = [options.bearer, options.machine?.clientSecret, ...Object.values(headers), ...urlSecrets(target.url)];
  knowSecrets(...secrets);
  const failed = (message: string) => {
    const more = target.explain?.();
    // Server-derived text (its error message, its name): no terminal control reaches the terminal.
    console.error(printable(redactText(`${message}${more ? `\n${more}` : ''}`, secrets)));
    return 2;
  };
  const inUrl = urlSecrets(target.url).slice(0, 2).some(Boolean);
  if (inUrl)
    return failed(
      `Could not connect to ${name}: the URL holds user:password@ credentials, which fetch cannot send. Give them as --header "Authorization: Basic …" (or $TOOLSCOPE_HEADERS) instead.`,
    );
  const limited = limitedFetch(target.fetch ?? ((input, init) => fetch(input, init)), {
    timeoutMs: options.timeoutMs,
    responseBytes: options.maxResponseBytes,
    reportBytes: scope === 'load' ? Number.POSITIVE_INFINITY : options.maxResponseBytes * 4,
  });
  // A limit's own sentence says more than the SDK's wrapping of the aborted stream.
  const reason = (error: unknown) => limited.hit() ?? describeFailure(failureOf(error));
  // A machine signs in first (no browser): every request then carries its token.
  let send = limited.fetch;
  const { machine } = options;
  if (machine) {
    try {
      const grant = await Promise.race([limited.stopped, machineSignIn(target.url, machineIdentity(machine), { ...machine, fetch: send })]);
      send = grant.authorize(send);
      // The issued token is a known secret from now on: a server that echoes it is not printed.
      secrets.push(grant.secret);
      knowSecrets(grant.secret);
      console.error(
        printable(`Signed in as ${machine.clientId}: a ${grant.tokenType} token${grant.scope ? ` for “${grant.scope}”` : ''}.`),
      );
    } catch (error) {
      return failed(`Could not sign in to ${name} as ${machine.clientId}: ${limited.hit() ?? errorMessage(error)}`);
    }
  }
  const connect = () =>
    Promise.race([
      limited.stopped,
      McpConnection.connect({
        url: target.url,
        bearerToken: machine ? undefined : options.bearer,
        customHeaders: headers,
        eraHint,
        fetch: send,
        timeoutMs: options.timeoutMs,
        // The connection's own cap per answer is --max-mb too (limitedFetch under it says it first).
        maxResponseBytes: options.maxResponseBytes,
      }),
    ]);
  let connection: McpConnection;
  try {
    connection = await connect();
  } catch (error) {
    return failed(`Could not connect to ${name}: ${reason(error)}`);
  }
  try {
    return await Promise.race([limited.stopped, work(connection, { secrets, failed, connectAgain: connect })]);
  } catch (error) {
    return failed(`The ${verb} failed: ${reason(error)}`);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

export async function runReport(target: ReportTarget, options: ReportOptions): Promise<number> {
  const { format, queries, model, profile, confirmed } = checkReportOptions(options);
  const lock = options.lock === undefined ? undefined : await readLock(options.lock);
  const lockFail = checkLockFail(options.lockFail);
  const { headers } = checkConnectOptions(options);
  return withServer(target, options, 'report', async (connection, { secrets, failed }) => {
    let asked = queries;
    if (model && queries) {
      // Model-mode queries are asked (or replayed) first, with the tools as listed now.
      const walk = await walkPages((cursor) => connection.listToolsPage(cursor));
      try {
        asked = await answerModelQueries(queries, mergePages(walk.pages).tools, model, process.env);
      } catch (error) {
        return failed(`The model could not be asked: ${errorMessage(error)}`);
      }
    }
    const report = await collectReport(connection, reportDeps, {
      active: options.active,
      ...(asked ? { queries: asked } : {}),
      ...(lock ? { lock: { file: lock, fail: lockFail } } : {}),
      reach: {
        transport: target.fetch ? 'stdio' : 'http',
        auth: options.machine
          ? 'oauth'
          : options.bearer || Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')
            ? 'bearer'
            : 'none',
      },
    });
    const readiness = profile ? readinessOf(report, profile, confirmed) : undefined;
    // Server text fills the report (descriptions, errors of the active checks): the one redaction
    // rule runs over it too, the issued token included.
    const text = printable(formatReport(redactValues(report, secrets), format, target.label ? undefined : target.url, readiness));
    if (options.output) {
      await writeFile(options.output, text);
      console.error(printable(`Report written to ${options.output}: score ${report.score}/100, ${report.findings.length} findings.`));
    } else process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    if (readiness) {
      console.error(`${readiness.profile}: ${VERDICT_TEXT[readiness.verdict]}.`);
      return VERDICT_EXIT[readiness.verdict];
    }
    return report.findings.some((finding) => finding.severity === 'error') ? 1 : 0;
  });
}

/** `toolscope lock`: every tool as listed (all pages) with its digest, written to `out`. Exit 0 written, 2 not. */
export async function runLock(target: ReportTarget, options: ReportOptions, out: string): Promise<number> {
  return withServer(target, options, 'lock', async (connection, { secrets, failed }) => {
    const { tools, stop } = await rawToolList(connection);
    if (stop) return failed(`Not locked: ${stop}`);
    const lock = await lockTools(connection.server, tools);
    const text = lockText(lock);
    // The connection's own secrets never reach the file, even echoed into a definition by the server.
    if (secrets.some((secret) => secret && text.includes(secret)))
      return failed('Not locked: a tool definition holds a credential this connection sends (bearer, header value or URL secret).');
    await writeFile(out, text);
    console.error(printable(`Locked ${Object.keys(lock.tools).length} tools of ${connection.server.name} in ${out}.`));
    return 0;
  });
}

async function readLock(file: string): Promise<Lockfile> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--lock ${file}: ${errorMessage(error)}`);
  }
  const lock = await parseLockfile(text);
  if ('error' in lock) throw new UsageError(`--lock ${file}: ${lock.error}.`);
  return lock;
}

function checkLockFail(value: string): LockFail {
  const fail = LOCK_FAIL.find((candidate) => candidate === value);
  if (!fail) throw new UsageError(`--lock-fail ${value}: use one of ${LOCK_FAIL.join(', ')}.`);
  return fail;
}
