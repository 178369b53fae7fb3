// A fastmcp server written as its README shows (the quickstart's "add" tool and a second tool; the
// README's resource, resource template with completion, and prompt examples), run over stdio for
// `npm run report:real`: a real server shape we did not design.
import { FastMCP } from 'fastmcp';
import { z } from 'zod';

const server = new FastMCP({ name: 'fastmcp-readme-example', version: '1.0.0' });

server.addTool({
  name: 'add',
  description: 'Add two numbers',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: async (args) => String(args.a + args.b),
});

server.addTool({
  name: 'fetch-text',
  description: 'Fetch the content of a url',
  parameters: z.object({ url: z.string() }),
  annotations: { readOnlyHint: true, openWorldHint: true },
  execute: async (args) => `Would fetch ${args.url}`,
});

// The README's "Resources" and "Resource templates" examples (the log read from memory here).
server.addResource({
  uri: 'file:///logs/app.log',
  name: 'Application Logs',
  mimeType: 'text/plain',
  async load() {
    return { text: 'Example application log' };
  },
});

server.addResourceTemplate({
  uriTemplate: 'file:///logs/{name}.log',
  name: 'Application Logs',
  mimeType: 'text/plain',
  arguments: [
    {
      name: 'name',
      description: 'Name of the log',
      required: true,
      complete: async (value) => ({ values: value === 'Example' ? ['Example Log'] : [] }),
    },
  ],
  async load({ name }) {
    return { text: `Example log content for ${name}` };
  },
});

// The README's "Prompts" example.
server.addPrompt({
  name: 'git-commit',
  description: 'Generate a Git commit message',
  arguments: [{ name: 'changes', description: 'Git diff or description of changes', required: true }],
  load: async (args) => `Generate a concise but descriptive commit message for these changes:\n\n${args.changes}`,
});

server.start({ transportType: 'stdio' });
