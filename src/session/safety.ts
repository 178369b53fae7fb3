// What the person set for calls to one server: which calls ask first, read-only mode, and the
// limits every call is sent with (whatever started it).
import type { ConfirmPolicy } from '../mcp/callGate.ts';

export interface SafetySettings {
  policy: ConfirmPolicy;
  readOnlyMode: boolean;
  /** Per-call timeout, reset by every progress notification. */
  timeoutSeconds: number;
  /** Hard limit on a call's total time, progress or not. */
  maxTotalSeconds: number;
  /** Each tools/call carries W3C trace context in `params._meta` (SEP-414; the MCP semantic conventions). */
  traceContext: boolean;
  /** W3C tracestate and baggage sent beside the traceparent (as typed; the propagators drop what the specs refuse). */
  tracestate: string;
  baggage: string;
  /** Ask a server that offers it for its own spans of each call (SEP-2448); needs trace context. */
  serverSpans: boolean;
}

export const DEFAULT_SAFETY: SafetySettings = {
  policy: 'destructive',
  readOnlyMode: false,
  timeoutSeconds: 60,
  maxTotalSeconds: 600,
  traceContext: false,
  tracestate: '',
  baggage: '',
  serverSpans: false,
};

/** A typed trace key kept within W3C's own bounds (tracestate 512 characters per member × 32; baggage 8,192 bytes). */
const traceKey = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

const seconds = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.min(value, 86_400) : fallback;

export function parseSafety(value: unknown): SafetySettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const policy = 'policy' in value ? value.policy : undefined;
  const readOnlyMode = 'readOnlyMode' in value ? value.readOnlyMode : undefined;
  if (policy !== 'destructive' && policy !== 'all-writes' && policy !== 'never') return undefined;
  return {
    policy,
    readOnlyMode: readOnlyMode === true,
    timeoutSeconds: seconds('timeoutSeconds' in value ? value.timeoutSeconds : undefined, DEFAULT_SAFETY.timeoutSeconds),
    maxTotalSeconds: seconds('maxTotalSeconds' in value ? value.maxTotalSeconds : undefined, DEFAULT_SAFETY.maxTotalSeconds),
    traceContext: 'traceContext' in value && value.traceContext === true,
    tracestate: traceKey('tracestate' in value ? value.tracestate : undefined, 16_384),
    baggage: traceKey('baggage' in value ? value.baggage : undefined, 8_192),
    serverSpans: 'serverSpans' in value && value.serverSpans === true,
  };
}
