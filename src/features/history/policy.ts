// What History records of a finished call, which earlier call a "Compare" picks, and what each
// "Copy…" gives (link, curl, JSON-RPC, TypeScript) with the notes on what was left out. Pure:
// unit-tested without a browser; the hook (api/useCallHistory.ts) only wires it to the session.
import type { ToolFuzz } from '../../fuzz/fuzzer.ts';
import {
  curlCommand,
  jsonRpcText,
  neededVariables,
  shareLink,
  shareableServer,
  typescriptSnippet,
  type CallContext,
} from '../../mcp/recording/callExport.ts';

const headerNote = (variables: readonly string[]) =>
  variables.length
    ? [`Header values are not copied: set ${variables.join(', ')} first (to copy non-secret values, tick the option under Custom headers).`]
    : [];
import { describeFailure, type McpFailure } from '../../mcp/errors.ts';
import type { CallResult } from '../../mcp/results.ts';
import type { PromptGetEnded, ResourceReadEnded } from '../../mcp/serverOffers.ts';
import type { HistoryEntry, NewEntry } from '../../storage/callStore.ts';
import { OUTCOMES, failureOutcome, resultOutcome, type Outcome, type OutcomeKind } from '../../session/outcome.ts';
import { formatMs } from '../../session/loadBudget.ts';
import type { LoadPlan, LoadSummary } from '../../session/loadTest.ts';
import type { Era } from '../../mcp/era.ts';

/** An entry's outcome in the one vocabulary; a call recorded before it keeps its old coarse word. */
export function entryOutcome(entry: Pick<HistoryEntry, 'outcome' | 'outcomeKind' | 'outcomeLabel'>): Outcome {
  if (entry.outcomeKind && entry.outcomeKind in OUTCOMES) {
    const { word, tone } = OUTCOMES[entry.outcomeKind];
    return { kind: entry.outcomeKind, label: entry.outcomeLabel ?? word, tone };
  }
  if (entry.outcome === 'ok') return resultOutcome({ isError: false });
  if (entry.outcome === 'tool-error') return resultOutcome({ isError: true });
  return { kind: 'protocol-error', label: 'Failed', tone: 'danger' };
}

/** A finished call, as the call feature reports it (its runs are of this shape). */
export interface FinishedRun {
  tool: string;
  state:
    | { status: 'done'; result: CallResult; durationMs: number; args: Record<string, unknown>; outputProblem?: string }
    | { status: 'failed'; failure: McpFailure; durationMs: number; args: Record<string, unknown> };
}

export type CopyKind = 'link' | 'curl' | 'json-rpc' | 'typescript';

export interface Copied {
  title: string;
  text: string;
  notes: string[];
}

/** What the connection says about how a call reaches the server (never a credential's value, except custom header values curl may print). */
export interface WireFacts {
  url: string;
  era: Era;
  protocolVersion: string;
  hasBearerToken: boolean;
  customHeaders: Readonly<Record<string, string>>;
  /** Header names the connection's source declared secret. */
  secretHeaders?: readonly string[];
  /** The person opted in to non-secret header values in curl / TypeScript copies. */
  copyHeaderValues?: boolean;
}

function summary(state: FinishedRun['state']): string {
  if (state.status === 'done') {
    const blocks = state.result.content.length;
    return `${blocks} ${blocks === 1 ? 'block' : 'blocks'}${state.result.hasStructuredContent ? ' · structured' : ''}`;
  }
  return describeFailure(state.failure).slice(0, 300);
}

/** The History entry of a finished call (the raw result is stored beside it). */
export function entryOf(run: FinishedRun, wire: Pick<WireFacts, 'era' | 'protocolVersion'>, at = Date.now()): Omit<NewEntry, 'server'> {
  const { state } = run;
  const shown = state.status === 'done' ? resultOutcome(state.result, state.outputProblem) : failureOutcome(state.failure);
  return {
    tool: run.tool,
    args: state.args,
    outcome: state.status === 'failed' ? 'failed' : state.result.isError ? 'tool-error' : 'ok',
    outcomeKind: shown.kind,
    outcomeLabel: shown.label,
    summary: summary(state),
    durationMs: state.durationMs,
    at,
    era: wire.era,
    protocolVersion: wire.protocolVersion,
  };
}

/** The History entry of a prompt's get (the raw result is stored beside it, as a call's is). */
export function promptEntryOf(
  got: PromptGetEnded,
  wire: Pick<WireFacts, 'era' | 'protocolVersion'>,
  at = Date.now(),
): Omit<NewEntry, 'server'> {
  const failed = 'failure' in got.outcome;
  const shown = 'failure' in got.outcome ? failureOutcome(got.outcome.failure) : undefined;
  return {
    kind: 'prompt',
    tool: got.name,
    args: got.args,
    outcome: failed ? 'failed' : 'ok',
    outcomeKind: shown?.kind ?? 'success',
    outcomeLabel: shown?.label ?? OUTCOMES.success.word,
    summary:
      'failure' in got.outcome
        ? describeFailure(got.outcome.failure).slice(0, 300)
        : `${got.outcome.messages} ${got.outcome.messages === 1 ? 'message' : 'messages'}`,
    durationMs: got.durationMs,
    at,
    era: wire.era,
    protocolVersion: wire.protocolVersion,
  };
}

/** The History entry of a resource's read (the contents read are stored beside it, as a call's result is). */
export function readEntryOf(
  read: ResourceReadEnded,
  wire: Pick<WireFacts, 'era' | 'protocolVersion'>,
  at = Date.now(),
): Omit<NewEntry, 'server'> {
  const shown = 'failure' in read.outcome ? failureOutcome(read.outcome.failure) : undefined;
  return {
    kind: 'read',
    tool: read.uri,
    args: {},
    outcome: shown ? 'failed' : 'ok',
    outcomeKind: shown?.kind ?? 'success',
    outcomeLabel: shown?.label ?? OUTCOMES.success.word,
    summary:
      'failure' in read.outcome
        ? describeFailure(read.outcome.failure).slice(0, 300)
        : `${read.outcome.contents} ${read.outcome.contents === 1 ? 'content' : 'contents'} read`,
    durationMs: read.durationMs,
    at,
    era: wire.era,
    protocolVersion: wire.protocolVersion,
  };
}

/** The History entry of a load test: its outcome the worst channel that was not ok, its summary one line of figures. */
export function loadEntryOf(
  summary: LoadSummary,
  plan: Pick<LoadPlan, 'calls'>,
  wire: Pick<WireFacts, 'era' | 'protocolVersion'>,
  at = Date.now(),
): Omit<NewEntry, 'server'> {
  const { all } = summary;
  const errors = all.outcomes['protocol-error'] + all.outcomes['transport-error'] + all.outcomes.timeout;
  const toolErrors = all.outcomes['tool-error'];
  const shown: { kind: OutcomeKind; label: string } = summary.stopped
    ? { kind: 'cancelled', label: 'Stopped' }
    : errors
      ? { kind: 'protocol-error', label: `${errors} ${errors === 1 ? 'error' : 'errors'}` }
      : toolErrors
        ? { kind: 'tool-error', label: `${toolErrors} tool ${toolErrors === 1 ? 'error' : 'errors'}` }
        : { kind: 'success', label: OUTCOMES.success.word };
  const figures = [
    `${all.calls} calls`,
    ...(all.p50 !== undefined ? [`p50 ${formatMs(all.p50)}`] : []),
    ...(all.p95 !== undefined ? [`p95 ${formatMs(all.p95)}`] : []),
    `${all.rps}/s`,
  ];
  const [first] = plan.calls;
  return {
    kind: 'load',
    tool: first?.tool ?? '',
    args: first?.args ?? {},
    outcome: errors ? 'failed' : toolErrors ? 'tool-error' : 'ok',
    outcomeKind: shown.kind,
    outcomeLabel: shown.label,
    summary: figures.join(' · '),
    durationMs: summary.elapsedMs,
    at,
    era: wire.era,
    protocolVersion: wire.protocolVersion,
  };
}

/** A fuzz run of one tool as a History entry: its findings counted, the first one's arguments kept to open (`Open`). */
export function fuzzEntryOf(
  run: ToolFuzz,
  durationMs: number,
  wire: Pick<WireFacts, 'era' | 'protocolVersion'>,
  at = Date.now(),
): Omit<NewEntry, 'server'> {
  const [first] = run.findings;
  const found = run.findings.length;
  return {
    kind: 'fuzz',
    tool: run.tool,
    args: first?.args ?? {},
    outcome: found ? 'failed' : 'ok',
    outcomeKind: run.ended === 'stopped' ? 'cancelled' : found ? 'protocol-error' : 'success',
    outcomeLabel: run.ended === 'stopped' ? 'Stopped' : found ? `${found} ${found === 1 ? 'finding' : 'findings'}` : 'No finding',
    summary: [`${run.calls} calls`, ...run.findings.map((finding) => finding.rule)].join(' · '),
    durationMs,
    at,
    era: wire.era,
    protocolVersion: wire.protocolVersion,
  };
}

/**
 * The call "Compare" sets `entry` against: the chosen base, else the previous call of this tool
 * with the same arguments, else the previous call of this tool. Entries are newest first.
 */
export function compareBase(entries: readonly HistoryEntry[], entry: HistoryEntry, base?: HistoryEntry): HistoryEntry | undefined {
  const older = entries.filter((candidate) => candidate.tool === entry.tool && candidate.kind === entry.kind && candidate.id < entry.id);
  const sameArgs = older.find((candidate) => JSON.stringify(candidate.args) === JSON.stringify(entry.args));
  const chosen = base ?? sameArgs ?? older[0];
  return chosen && chosen.id !== entry.id ? chosen : undefined;
}

/** "Copy…" of a History entry: the text, and notes on everything that was left out and why. */
export function copyOf(
  entry: Pick<HistoryEntry, 'server' | 'tool' | 'args' | 'droppedArgs' | 'kind'>,
  kind: CopyKind,
  wire: WireFacts,
  appUrl: string,
  paramHeaders?: Record<string, string>,
): Copied {
  // Credentials in the server URL (user:password@, ?api_key=) are never copied either.
  const server = shareableServer(wire.url);
  const context: CallContext = {
    server: server.url,
    tool: entry.tool,
    args: entry.args,
    era: wire.era,
    protocolVersion: wire.protocolVersion,
    bearer: wire.hasBearerToken,
    headers: { ...wire.customHeaders },
    headerValues: wire.copyHeaderValues ? 'inline' : 'env',
    secretHeaders: wire.secretHeaders,
    paramHeaders,
    ...(entry.kind === 'prompt' ? { method: 'prompts/get' as const } : {}),
  };
  const variables = neededVariables(context).filter((name) => name !== 'TOKEN');
  const dropped = [
    ...(entry.droppedArgs.length ? [`Not in History, so not copied (secrets): ${entry.droppedArgs.join(', ')}.`] : []),
    ...(server.dropped.length && kind !== 'link'
      ? [`Removed from the server URL as credentials: ${server.dropped.join(', ')} — add them back to run it.`]
      : []),
  ];
  const headerNames = Object.keys(wire.customHeaders);
  switch (kind) {
    case 'link': {
      const link = shareLink(appUrl, entry);
      const needs = [
        ...(wire.hasBearerToken ? ['a bearer token'] : []),
        ...(headerNames.length ? [`the custom headers ${headerNames.join(', ')}`] : []),
      ];
      const notes = [
        ...link.notes,
        ...dropped,
        ...(needs.length ? [`This server needs ${needs.join(' and ')}: the link does not carry them.`] : []),
      ];
      return { title: 'Link copied (opens the tool filled in, not sent)', text: link.url, notes };
    }
    case 'curl':
      return {
        title: `curl copied (${wire.era === 'modern' ? 'one request' : 'initialize, then the call'})`,
        text: curlCommand(context),
        notes: [...dropped, ...headerNote(variables)],
      };
    case 'json-rpc':
      return { title: 'JSON-RPC request copied', text: jsonRpcText(context), notes: dropped };
    case 'typescript':
      return {
        title: 'TypeScript copied (@modelcontextprotocol/client)',
        text: typescriptSnippet(context),
        notes: [...dropped, ...headerNote(variables)],
      };
  }
}
