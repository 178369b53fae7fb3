// A fastmcp server written as its README shows (the quickstart's "add" tool and a resource-free
// second tool), run over stdio for `npm run report:real`: a real server shape we did not design.
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

server.start({ transportType: 'stdio' });
