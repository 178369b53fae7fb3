// A stdio MCP server (2025 initialize) for the tap's bounds: its one tool, `huge`, first writes a
// line that is not JSON on stdout (a log line, the commonest stdio bug), then answers with a text
// of SIZE_MB megabytes (argument `mb`, default 100) in one JSON-RPC line. `deep` answers with
// structuredContent nested `levels` deep (default 100,000: written as text, as no JSON.stringify
// could). `small` answers "ok".
// Exits when its stdin closes, or after ten minutes.
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (text) => {
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    return;
  }
  const { id, method, params } = message;
  if (method === 'initialize')
    send({
      jsonrpc: '2.0',
      id,
      result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'huge-stdio', version: '1.0.0' } },
    });
  else if (method === 'tools/list')
    send({
      jsonrpc: '2.0',
      id,
      result: {
        tools: [
          { name: 'huge', inputSchema: { type: 'object', properties: { mb: { type: 'number' } } } },
          { name: 'deep', inputSchema: { type: 'object', properties: { levels: { type: 'number' } } } },
          { name: 'small', inputSchema: { type: 'object' } },
        ],
      },
    });
  else if (method === 'tools/call' && params?.name === 'huge') {
    process.stdout.write('Debug: building a huge answer (this line is not JSON-RPC)\n');
    const text = 'x'.repeat(Math.round((params.arguments?.mb ?? 100) * 1024 * 1024));
    send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } });
  } else if (method === 'tools/call' && params?.name === 'deep') {
    const levels = params.arguments?.levels ?? 100_000;
    const nested = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[],"structuredContent":${nested}}}\n`);
  } else if (method === 'tools/call') send({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'ok' }] } });
  else if (id !== undefined) send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
});
lines.on('close', () => process.exit(0));
setTimeout(() => process.exit(0), 10 * 60_000).unref();
