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
  /** Each tools/call carries W3C trace context in `params._meta.traceparent` (the MCP semantic conventions). */
  traceContext: boolean;
}

export const DEFAULT_SAFETY: SafetySettings = {
  policy: 'destructive',
  readOnlyMode: false,
  timeoutSeconds: 60,
  maxTotalSeconds: 600,
  traceContext: false,
};

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
  };
}
