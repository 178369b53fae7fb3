// The one entrance for calls: every origin asks `request(tool, args, { origin })`, which runs
// `decideCall` (checks + gate + limits) and then sends, asks the person (one confirmation
// dialog, rendered once, read from this store), or keeps a notice for the tool's workspace
// (why nothing was sent). Framework-free: React reads it through useSyncExternalStore.
import type { McpTool } from '../mcp/tools.ts';
import { decideCall, type CallChecks, type CallDecision, type CallLimits, type RequestOptions } from './callDecision.ts';
import type { SafetySettings } from './safety.ts';
import { errorMessage } from '../lib/errorMessage.ts';

/** Why a tool's last request was not sent, shown in its workspace until the next request. */
export type Notice =
  | { kind: 'invalid'; message: string }
  /** The JSON editor's text does not parse: nothing was sent, and "Send anyway" cannot send it either. */
  | { kind: 'unparsed'; message: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'check-failed'; message: string };

export interface ConfirmItem {
  tool: Pick<McpTool, 'name' | 'annotations'>;
  /** A saved call's name, when the item is one. */
  label?: string;
  args: Record<string, unknown>;
  reason: string;
  /** A saved call imported from a file and never run from here. */
  imported?: boolean;
}

/** The question the confirmation dialog asks: one call, or several ("Run all"). */
export interface PendingConfirm {
  title: string;
  /** The confirming button's text. */
  action: string;
  items: readonly ConfirmItem[];
}

export interface CallEntranceSnapshot {
  notices: ReadonlyMap<string, Notice>;
  pending?: PendingConfirm;
}

export type Decided = CallDecision | { action: 'check-failed'; message: string };

export interface CallEntranceDeps {
  send: (tool: McpTool, args: Record<string, unknown>, limits: CallLimits) => void;
  safety: () => SafetySettings;
  loadChecks: () => Promise<CallChecks>;
}

export type RequestTool = Parameters<typeof decideCall>[0];

export class CallEntrance {
  #snapshot: CallEntranceSnapshot = { notices: new Map() };
  #listeners = new Set<() => void>();
  #answer: ((confirmed: boolean) => void) | undefined;
  readonly #deps: CallEntranceDeps;

  constructor(deps: CallEntranceDeps) {
    this.#deps = deps;
  }

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = () => this.#snapshot;

  /** The decision alone (Run all acts on it itself): the checks are loaded first; a failed load is said, never a silent no-op. */
  async decide(tool: RequestTool, args: Record<string, unknown>, options: RequestOptions): Promise<Decided> {
    let checks: CallChecks;
    try {
      checks = await this.#deps.loadChecks();
    } catch (error) {
      return { action: 'check-failed', message: errorMessage(error) };
    }
    return decideCall(tool, args, options, this.#deps.safety(), checks);
  }

  /** Decide, then act: send, ask the person, or say in the tool's workspace why not. Resolves to what happened. */
  async request(tool: McpTool, args: Record<string, unknown>, options: RequestOptions): Promise<Decided['action'] | 'declined'> {
    const decision = await this.decide(tool, args, options);
    switch (decision.action) {
      case 'invalid':
        this.#setNotice(tool.name, { kind: 'invalid', message: decision.message });
        return decision.action;
      case 'unparsed':
        this.#setNotice(tool.name, { kind: 'unparsed', message: decision.message });
        return decision.action;
      case 'refuse':
        this.#setNotice(tool.name, { kind: 'refused', reason: decision.reason });
        return decision.action;
      case 'check-failed':
        this.#setNotice(tool.name, { kind: 'check-failed', message: decision.message });
        return decision.action;
      case 'confirm': {
        this.#setNotice(tool.name, undefined);
        const confirmed = await this.ask({
          title: `Confirm call to ${tool.name}`,
          action: 'Call tool',
          items: [{ tool, args: decision.args, reason: decision.reason }],
        });
        if (!confirmed) return 'declined';
        this.#deps.send(tool, decision.args, decision.limits);
        return decision.action;
      }
      case 'call':
        this.#setNotice(tool.name, undefined);
        this.#deps.send(tool, decision.args, decision.limits);
        return decision.action;
    }
  }

  /** Asks the person (the one dialog); a question still open is answered "no" first. */
  ask(question: PendingConfirm): Promise<boolean> {
    this.#answer?.(false);
    return new Promise((resolve) => {
      this.#answer = (confirmed) => {
        this.#answer = undefined;
        this.#publish({ ...this.#snapshot, pending: undefined });
        resolve(confirmed);
      };
      this.#publish({ ...this.#snapshot, pending: question });
    });
  }

  /** The dialog's answer. */
  answer(confirmed: boolean) {
    this.#answer?.(confirmed);
  }

  /** Forget why a tool's last request was not sent (the person changed course, e.g. "Send anyway"). */
  clear(tool: string) {
    this.#setNotice(tool, undefined);
  }

  #setNotice(tool: string, notice: Notice | undefined) {
    if (this.#snapshot.notices.get(tool) === notice) return;
    const notices = new Map(this.#snapshot.notices);
    if (notice) notices.set(tool, notice);
    else notices.delete(tool);
    this.#publish({ ...this.#snapshot, notices });
  }

  #publish(snapshot: CallEntranceSnapshot) {
    this.#snapshot = snapshot;
    for (const listener of this.#listeners) listener();
  }
}
