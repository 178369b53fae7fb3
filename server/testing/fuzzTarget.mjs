// A stdio MCP server (2025 initialize) with planted bugs, for `toolscope fuzz`'s tests (issue 84).
// Raw JSON-RPC, so each bug is exactly what it says:
//   lookup {name}          read-only; an empty name → JSON-RPC error -32603
//   compute {n}            read-only; n above 1e9 → the process exits (a crash)
//   slow_echo {text}       read-only; a text over 10,000 characters → never answered (a hang)
//   stats {n}              read-only, outputSchema value ≥ 0; a negative n → structuredContent breaks it
//   create_user {name, age} read-only; name is required, but a call without it succeeds anyway
//   open_file {path}       read-only; a path with ".." → a tool error that shows a stack trace
//   echo {message}         read-only; no bug (the control)
//   drop_table {table}     destructive
// Every tools/call is counted into the JSON file named by $FUZZ_COUNTS (the tests' proof of what was
// sent). Exits when its stdin closes, or after ten minutes.
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const text = (value) => ({ content: [{ type: 'text', text: String(value) }] });
const readOnly = { readOnlyHint: true, destructiveHint: false };
const tools = [
  { name: 'lookup', inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }, annotations: readOnly },
  { name: 'compute', inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }, annotations: readOnly },
  {
    name: 'slow_echo',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    annotations: readOnly,
  },
  {
    name: 'stats',
    inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    outputSchema: { type: 'object', properties: { value: { type: 'number', minimum: 0 } }, required: ['value'] },
    annotations: readOnly,
  },
  {
    name: 'create_user',
    inputSchema: {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1, maxLength: 40 }, age: { type: 'integer', minimum: 0, maximum: 150 } },
      required: ['name'],
      additionalProperties: false,
    },
    annotations: readOnly,
  },
  {
    name: 'open_file',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    annotations: readOnly,
  },
  {
    name: 'echo',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    annotations: readOnly,
  },
  {
    name: 'drop_table',
    inputSchema: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
    annotations: { readOnlyHint: false, destructiveHint: true },
  },
];

function count(name) {
  const file = process.env.FUZZ_COUNTS;
  if (!file) return;
  let counts = {};
  try {
    counts = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // first call
  }
  counts[name] = (counts[name] ?? 0) + 1;
  writeFileSync(file, JSON.stringify(counts));
}

function call(id, name, args) {
  count(name);
  switch (name) {
    case 'lookup':
      if (args.name === '') return send({ jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } });
      return send({ jsonrpc: '2.0', id, result: text(`found ${String(args.name).length} characters`) });
    case 'compute':
      if (typeof args.n === 'number' && args.n > 1e9) process.exit(1);
      return send({ jsonrpc: '2.0', id, result: text(Number(args.n) * 2) });
    case 'slow_echo':
      if (typeof args.text === 'string' && args.text.length > 10_000) return; // never answered
      return send({ jsonrpc: '2.0', id, result: text(args.text) });
    case 'stats':
      return send({ jsonrpc: '2.0', id, result: { ...text('stats'), structuredContent: { value: Number(args.n) } } });
    case 'create_user':
      return send({ jsonrpc: '2.0', id, result: text(`created ${String(args.name ?? 'someone')}`) });
    case 'open_file':
      if (String(args.path).includes('..'))
        return send({
          jsonrpc: '2.0',
          id,
          result: {
            isError: true,
            content: [
              {
                type: 'text',
                text: 'Error: ENOENT: no such file\n    at Object.openSync (node:fs:573:18)\n    at open (/srv/app/server.js:41:7)',
              },
            ],
          },
        });
      return send({ jsonrpc: '2.0', id, result: text('opened') });
    case 'echo':
      return send({ jsonrpc: '2.0', id, result: text(args.message) });
    case 'drop_table':
      return send({ jsonrpc: '2.0', id, result: text(`dropped ${String(args.table)}`) });
    default:
      return send({ jsonrpc: '2.0', id, error: { code: -32602, message: `Unknown tool: ${name}` } });
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  const { id, method, params } = message;
  if (method === 'initialize')
    send({
      jsonrpc: '2.0',
      id,
      result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'fuzz-target', version: '1.0.0' } },
    });
  else if (method === 'tools/list') send({ jsonrpc: '2.0', id, result: { tools } });
  else if (method === 'tools/call') call(id, params?.name, params?.arguments ?? {});
  else if (method === 'ping') send({ jsonrpc: '2.0', id, result: {} });
  else if (id !== undefined) send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } });
});
lines.on('close', () => process.exit(0));
setTimeout(() => process.exit(0), 10 * 60_000).unref();
