// A skills server written the way the SDK's documentation shows it — a folder of skill folders
// loaded with `loadSkills`, attached to an `McpServer`, served by `createMcpHandler` — not with
// our demo's helpers. One skill is clean (`pdf-processing`); `invoice-reminders` names a tool the
// server lacks. Loopback only, a free port; its files live in a temporary folder removed on stop.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { loadSkills } from '@modelcontextprotocol/server/ext/skills/node';
import { z } from 'zod';
import { listenOnLoopback } from './rawJsonRpc.ts';
import type { RunningServer } from './testServers.ts';

const FILES: Record<string, string> = {
  'pdf-processing/SKILL.md': `---
name: pdf-processing
description: Extract text from PDF invoices. Use when the user shares a PDF.
---

# PDF processing

Read the invoice with \`lookup_invoice\`, e.g. lookup_invoice({"invoice_id": "inv_001"}). Forms are described in [FORMS](references/FORMS.md).
`,
  'pdf-processing/references/FORMS.md': '# Forms\n\nInvoice forms have a header, lines and a total.\n',
  'invoice-reminders/SKILL.md': `---
name: invoice-reminders
description: Remind customers of unpaid invoices. Use when an invoice is overdue.
---

# Invoice reminders

Find the invoice with \`lookup_invoice\`, then send the reminder with \`send_reminder\`.
`,
};

export async function startSdkSkillsServer(): Promise<RunningServer & { skills: readonly string[] }> {
  const root = mkdtempSync(join(tmpdir(), 'toolscope-sdk-skills-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const skills = await loadSkills(root);
  const handler = createMcpHandler(
    () => {
      const mcp = new McpServer({ name: 'sdk-skills', version: '1.0.0' });
      mcp.registerTool(
        'lookup_invoice',
        {
          description: 'Looks up an invoice by its id and returns its customer, total and due date.',
          inputSchema: z.object({ invoice_id: z.string().describe('The invoice id, e.g. inv_001.') }),
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
        ({ invoice_id }) => ({ content: [{ type: 'text', text: `Invoice ${invoice_id}: ACME, €120.00, due 2026-12-31.` }] }),
      );
      skills.attach(mcp);
      return mcp;
    },
    { legacy: 'stateless' },
  );
  const listener = getRequestListener((request) => handler.fetch(request));
  const running = await listenOnLoopback(createServer((req, res) => void listener(req, res)));
  return {
    ...running,
    skills: skills.entries.map((entry) => entry.frontmatter.name),
    stop: async () => {
      await running.stop();
      await handler.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
