// A hostile 2025-era server for the bounds tests (issue 79): one tool whose description is
// `descriptionBytes` of letters without a break, and `fillerTools` more tools of about 1 KB each
// (20,000 of them make a tools/list of about 20 MB); with `deepLevels`, a tool `deep_answer` whose
// structuredContent nests that many levels (written as text: no JSON.stringify could). Loopback only.
import { startRawJsonRpcServer } from './rawJsonRpc.ts';

export interface HugeOptions {
  descriptionBytes?: number;
  fillerTools?: number;
  deepLevels?: number;
}

export function startHugeServer({ descriptionBytes = 0, fillerTools = 0, deepLevels }: HugeOptions) {
  const letters = Array.from({ length: 26 * 37 }, (_, index) => 'abcdefghijklmnopqrstuvwxyz'[(index * 7919) % 26]).join('');
  const long = letters.repeat(Math.ceil(descriptionBytes / letters.length)).slice(0, descriptionBytes);
  const tools = [
    {
      name: 'long_description',
      description: long || 'A tool.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true },
    },
    ...Array.from({ length: fillerTools }, (_, index) => ({
      name: `filler_${index}`,
      description: `Filler tool ${index}. ${'Looks up a record and returns it. '.repeat(28)}`,
      inputSchema: { type: 'object', properties: { id: { type: 'string' } } },
      annotations: { readOnlyHint: true },
    })),
    ...(deepLevels ? [{ name: 'deep_answer', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] : []),
  ];
  return startRawJsonRpcServer((method, params) => {
    if (method === 'initialize')
      return { result: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'huge', version: '1.0.0' } } };
    if (method === 'tools/list') return { result: { tools } };
    if (method === 'tools/call' && params.name === 'deep_answer' && deepLevels)
      return { resultText: `{"content":[],"structuredContent":${'{"a":'.repeat(deepLevels)}1${'}'.repeat(deepLevels)}}` };
    if (method === 'tools/call') return { result: { content: [{ type: 'text', text: 'ok' }] } };
    return { error: { code: -32601, message: `Method not found: ${method}` } };
  });
}
