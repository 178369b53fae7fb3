// The MCP Apps rules against our app bait server (each planted defect found where planted, the
// clean app tool clean) and against a real app server written by others (clean).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from '../mcp/connection.ts';
import { startAppBaitServer } from '../../server/testing/appBait.ts';
import { stdioServers, type RunningServer } from '../../server/testing/testServers.ts';
import { collectReport } from './collect.ts';
import { reportDeps } from './deps.ts';
import type { Report } from './report.ts';

let server: RunningServer;
let report: Report;
beforeAll(async () => {
  server = await startAppBaitServer();
  const connection = await McpConnection.connect({ url: server.url });
  const calls = [];
  for (const name of ['show_panel', 'silent_panel']) calls.push({ tool: name, result: await connection.callTool({ name }, {}) });
  report = await collectReport(connection, reportDeps, { calls });
  await connection.close();
});
afterAll(() => server.stop());

const app = (rule: string) => report.findings.filter((finding) => finding.rule === rule).map((finding) => finding.tool);

describe('MCP Apps rules', () => {
  it('find each planted defect where it is planted', () => {
    expect(app('app-resource-missing')).toEqual(['missing_panel']);
    expect(app('app-mime')).toEqual(['old_style_panel']);
    expect(app('app-meta-deprecated')).toEqual(['old_style_panel']);
    expect(app('app-visibility-invalid')).toEqual(['odd_visibility']);
    expect(app('app-no-text-fallback')).toEqual(['silent_panel']);
  });

  it('leave the clean app tool and the tools with a valid visibility alone', () => {
    const clean = report.findings.filter(
      (finding) => finding.rule.startsWith('app-') && ['show_panel', 'model_only', 'wipe_panel'].includes(finding.tool ?? ''),
    );
    expect(clean).toEqual([]);
  });
});

describe('on a real MCP App server written by others', () => {
  it('@modelcontextprotocol/server-basic-vanillajs (over stdio, through the CLI): no app finding', async () => {
    const bin = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'report', '--', ...stdioServers.basicApp()], {
      encoding: 'utf8',
      timeout: 60_000,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const json = JSON.parse(stdout) as { tools: number; findings: { rule: string; tool?: string }[] };
    expect(json.tools).toBeGreaterThan(0);
    expect(json.findings.filter((finding) => finding.rule.startsWith('app-'))).toEqual([]);
  }, 90_000);
});
