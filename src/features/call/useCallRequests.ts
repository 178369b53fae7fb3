// The call entrance for one connection (see callRequests.ts), with the argument checks loaded on
// demand: the form, Replay, "Run the last call" and "Run all" all ask this one store.
import { useState, useSyncExternalStore } from 'react';
import { retryableImport } from '../../lib/retryableImport.ts';
import { useStableCallback } from '../../lib/stableCallback.ts';
import type { CallChecks } from './callRequest.ts';
import { CallRequests, type CallRequestsDeps } from './callRequests.ts';
import type { SafetySettings } from './safetySettings.ts';

const loadValidate = retryableImport(() => import('../../schema/validate.ts'));
const loadNumbers = retryableImport(() => import('../../schema/numbers.ts'));

/** The checks run before every call (Ajv); a failed load is tried again, afresh, next time. */
export async function loadCallChecks(): Promise<CallChecks & { schemaProblem: (schema: unknown) => string | undefined }> {
  const [validate, numbers] = await Promise.all([loadValidate(), loadNumbers()]);
  return {
    validateAgainst: validate.validateAgainst,
    schemaProblem: validate.schemaProblem,
    unsafeIntegers: (value) => numbers.unsafeIntegers(value),
  };
}

export function useCallRequests(send: CallRequestsDeps['send'], safety: SafetySettings) {
  const latestSend = useStableCallback(send);
  const latestSafety = useStableCallback(() => safety);
  const [store] = useState(() => new CallRequests({ send: latestSend, safety: latestSafety, loadChecks: loadCallChecks }));
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, snapshot };
}
