// The report on a real server written by others (server-everything, 2025-11-25): what it says at
// warning or error must be what its authors would agree with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { McpConnection } from '../mcp/connection.ts';
import { collectReport } from './collect.ts';
import { reportDeps } from './deps.ts';
import type { Report } from './report.ts';
import { printable } from '../lib/printable.ts';

describe('the report on server-everything', () => {
  let server: RunningServer;
  let report: Report;
  beforeAll(async () => {
    server = await startEverything();
    const connection = await McpConnection.connect({ url: server.url });
    report = await collectReport(connection, reportDeps, { active: true });
    await connection.close();
  }, 60_000);
  afterAll(() => server.stop());

  it('accepts 2025-11-25 argument errors as tool execution errors (SEP-1303); an unknown tool must still be -32602', () => {
    expect(report.server.protocolVersion).toBe('2025-11-25');
    const channel = report.findings.filter((finding) => finding.rule === 'error-channel' && finding.severity !== 'info');
    // Arguments that break a schema (a finding on a tool): none — everything answers them with isError: true.
    expect(channel.filter((finding) => finding.tool !== undefined).map((finding) => finding.message)).toEqual([]);
    // An unknown tool: every revision's spec says -32602; everything answers it with isError: true, and that is said.
    expect(channel.filter((finding) => finding.tool === undefined).map((finding) => finding.message)).toEqual([
      expect.stringContaining('unknown tool'),
    ]);
  });

  it('says that its task-only tool refuses a plain call with a tool error, where 2025-11-25 asks for JSON-RPC -32601', () => {
    const task = report.findings.filter((finding) => finding.rule === 'task-required-error');
    expect(task).toEqual([
      expect.objectContaining({
        tool: 'simulate-research-query',
        severity: 'warning',
        message: expect.stringContaining('tool error (isError: true'),
      }),
    ]);
    // Its own text even names the code it should have sent.
    expect(task[0]?.message).toContain('-32601');
  });

  it('reads its prompts, resources and templates, and says only what its authors would: one prompt argument undescribed (info)', () => {
    const offers = report.findings.filter((finding) => /^(?:offers-|prompt-|resource-|template-)/.test(finding.rule));
    // Its four prompts are described, its resources and templates typed, its completions declared;
    // args-prompt's "state" alone has no description (its "city" has one).
    expect(offers.map((finding) => [finding.rule, finding.severity, finding.message])).toEqual([
      [
        'prompt-argument-undescribed',
        'info',
        'The prompt "args-prompt" asks for "state" without a description: the host asks the person for it by name alone.',
      ],
    ]);
  });

  it('says no placeholder, open-schema or self-explained-parameter noise at warning or error', () => {
    const loud = report.findings.filter((finding) => finding.severity !== 'info');
    const noisy = loud.filter((finding) => ['schema-open-no-params', 'description-thin'].includes(finding.rule));
    expect(noisy.map((finding) => `${finding.rule} ${finding.tool ?? ''}: ${finding.message}`)).toEqual([]);
    // What is left, for the person reading the test log.
    console.log(
      printable(loud.map((finding) => `${finding.severity} ${finding.rule} ${finding.tool ?? ''}: ${finding.message}`).join('\n')),
    );
  });
});
