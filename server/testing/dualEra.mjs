// A stdio server that speaks both eras (tests): the SDK's serveStdio picks 2026-07-28 for a
// server/discover opening and 2025 for an initialize one. One tool, `whoami`, says which.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

serveStdio(() => {
  const server = new McpServer({ name: 'dual-era', version: '1.0.0' });
  server.registerTool('echo', { description: 'Says it back.', inputSchema: z.object({ message: z.string() }) }, ({ message }) => ({
    content: [{ type: 'text', text: message }],
  }));
  return server;
});
console.error('dual-era stdio server ready');
