// The task rules over calls the person made: the faults a task's messages carried (named by the
// task reader, src/mcp/tasks/tasks.ts) and a task that outlived its TTL.
import { describe, expect, it } from 'vitest';
import { callFindings } from './callRules.ts';
import { taskFromCallResult } from '../mcp/tasks/tasks.ts';

const validate = () => [];

describe('task rules', () => {
  it('finds a task without resultType and the other wire’s field names, on the tool that sent them', () => {
    const task = taskFromCallResult({ taskId: 't', status: 'working', ttl: 3000, pollInterval: 500 }, 'modern');
    const findings = callFindings(
      [
        {
          tool: 'stuck_export',
          failure: { kind: 'timeout', message: 'x' },
          task: { findings: task?.findings ?? [], end: 'expired', ttlMs: 3000 },
        },
      ],
      [],
      validate,
    );
    expect(findings.map((finding) => [finding.rule, finding.severity, finding.tool])).toEqual([
      ['task-result-type', 'error', 'stuck_export'],
      ['task-field-names', 'warning', 'stuck_export'],
      ['task-field-names', 'warning', 'stuck_export'],
      ['task-stuck', 'warning', 'stuck_export'],
    ]);
    expect(findings[3]?.message).toContain('past its TTL (3 s)');
  });

  it('says nothing of a task that behaved', () => {
    const task = taskFromCallResult({ resultType: 'task', taskId: 't', status: 'working', ttlMs: 3000 }, 'modern');
    expect(
      callFindings(
        [
          {
            tool: 'report',
            result: { content: [], isError: false, hasStructuredContent: false, raw: {} },
            task: { findings: task?.findings ?? [], end: 'completed' },
          },
        ],
        [],
        validate,
      ),
    ).toEqual([]);
  });
});
