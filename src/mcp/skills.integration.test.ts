// The Skills extension through Toolscope's protocol layer (the SDK's host side), against a skills
// server written as the SDK's documentation shows and against our demo, on both eras: listed,
// each file read and verified; the report's skill rules on what real servers serve.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnection } from './connection.ts';
import { startSdkSkillsServer } from '../../server/testing/sdkSkills.ts';
import { startDemoServer, startEverything, type RunningServer } from '../../server/testing/testServers.ts';
import { collectReport } from '../report/collect.ts';
import { reportDeps } from '../report/deps.ts';

const eras = [
  ['2026-07-28', { era: 'modern', protocolVersion: '2026-07-28' }],
  ['2025-11-25', { era: 'legacy', protocolVersion: '2025-11-25' }],
] as const;

describe('skills from a server written with the SDK’s own server side (loadSkills)', () => {
  let server: RunningServer & { skills: readonly string[] };
  beforeAll(async () => {
    server = await startSdkSkillsServer();
  });
  afterAll(() => server.stop());

  it.each(eras)('lists and reads every file verified (%s)', async (_, eraHint) => {
    const connection = await McpConnection.connect({ url: server.url, eraHint });
    try {
      expect(connection.offersSkills).toBe(true);
      const skills = await connection.skills();
      const listing = await skills.list();
      expect(listing.skills.map((skill) => skill.frontmatter.name).sort()).toEqual([...server.skills].sort());
      expect(listing.invalid).toEqual([]);
      if (eraHint.era === 'modern') expect(listing.ttlMs).toBeTypeOf('number');
      const pdf = listing.skills.find((skill) => skill.frontmatter.name === 'pdf-processing');
      if (!pdf) throw new Error('no pdf-processing skill');
      const manifest = await skills.read(pdf);
      expect(manifest.ok && manifest.file.body).toContain('# PDF processing');
      const forms = await skills.read(pdf, 'references/FORMS.md');
      expect(forms.ok && forms.file.verified).toBe(true);
      expect(forms.ok && forms.file.text).toContain('Invoice forms');
    } finally {
      await connection.close();
    }
  });

  it('the report flags the skill that names a tool the server lacks, and only it', async () => {
    const connection = await McpConnection.connect({ url: server.url });
    try {
      const report = await collectReport(connection, reportDeps);
      const missing = report.findings.filter((finding) => finding.rule === 'skill-tool-missing');
      expect(missing.map((finding) => finding.message)).toEqual([expect.stringContaining('Skill invoice-reminders')]);
      expect(missing[0]?.message).toContain('`send_reminder`');
      expect(report.findings.filter((finding) => finding.rule.startsWith('skill-') && finding.severity === 'error')).toEqual([]);
      expect(report.findings.filter((finding) => finding.rule === 'skill-token-cost')).toHaveLength(2);
    } finally {
      await connection.close();
    }
  });
});

describe('the demo’s skills (the SDK’s SkillsExtension on the demo server)', () => {
  let demo: RunningServer;
  beforeAll(async () => {
    demo = await startDemoServer();
  });
  afterAll(() => demo.stop());

  it.each(eras)('the correct skill verifies; the planted file fails its digest (%s)', async (_, eraHint) => {
    const connection = await McpConnection.connect({ url: demo.url, eraHint });
    try {
      const skills = await connection.skills();
      const { skills: listed } = await skills.list();
      expect(listed.map((skill) => skill.frontmatter.name)).toEqual(['shop-assistant', 'returns-desk']);
      const [shop, returns] = listed;
      if (!shop || !returns) throw new Error('missing demo skills');
      expect((await skills.read(shop, 'references/CHECKOUT.md')).ok).toBe(true);
      expect(await skills.read(returns, 'references/REFUNDS.md')).toMatchObject({ ok: false, reason: 'digest' });
      expect((await skills.read(returns)).ok).toBe(true);
    } finally {
      await connection.close();
    }
  });

  it('the report: the digest mismatch and the missing tool on returns-desk only, the example that breaks a schema', async () => {
    const connection = await McpConnection.connect({ url: demo.url });
    try {
      const report = await collectReport(connection, reportDeps);
      const of = (rule: string) => report.findings.filter((finding) => finding.rule === rule).map((finding) => finding.message);
      expect(of('skill-digest-mismatch')).toEqual([expect.stringContaining('Skill returns-desk')]);
      expect(of('skill-tool-missing')).toEqual([expect.stringMatching(/^Skill returns-desk .*`issue_refund`/)]);
      expect(of('skill-args-mismatch')).toEqual([expect.stringMatching(/^Skill returns-desk shows search_catalog/)]);
    } finally {
      await connection.close();
    }
  });
});

describe('a server without the extension', () => {
  let everything: RunningServer;
  beforeAll(async () => {
    everything = await startEverything();
  });
  afterAll(() => everything.stop());

  it('offers no skills, and the report says nothing about skills (and says what 2026-07-28 deprecates)', async () => {
    const connection = await McpConnection.connect({ url: everything.url });
    try {
      expect(connection.offersSkills).toBe(false);
      const report = await collectReport(connection, reportDeps);
      expect(report.findings.filter((finding) => finding.rule.startsWith('skill-'))).toEqual([]);
      // What 2026-07-28 deprecates, said as info: server-everything still declares logging.
      expect(report.findings.filter((finding) => finding.rule === 'deprecated-logging')).toEqual([
        expect.objectContaining({ severity: 'info', message: expect.stringContaining('SEP-2577') }),
      ]);
    } finally {
      await connection.close();
    }
  });
});
