import type { CallRun } from './runs.ts';
import type { CallRecord } from '../report/callRules.ts';

/** Finished runs as the report's call records (running ones have nothing to judge yet). */
export function callRecords(runs: readonly CallRun[]): CallRecord[] {
  return runs.flatMap((run): CallRecord[] => {
    const { task } = run.state;
    const about = task ? { task: { findings: task.findings, end: task.end, ttlMs: task.ttlMs } } : {};
    return run.state.status === 'done'
      ? [{ tool: run.tool, result: run.state.result, ...about }]
      : run.state.status === 'failed'
        ? [{ tool: run.tool, failure: run.state.failure, ...about }]
        : [];
  });
}
