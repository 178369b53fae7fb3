// A hostile MCP server (2025 era, raw JSON-RPC) for the safety suite: every field Toolscope
// shows carries an attack payload. Each payload that could run sets window.__pwned or opens a
// dialog; the e2e suite asserts none ever does. Loopback only.
import { startRawJsonRpcServer, type RpcOutcome } from './rawJsonRpc.ts';

const PWN = (n: number) => `window.__pwned=${n}`;
const deepSchema = (depth: number): Record<string, unknown> => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < depth; level++) schema = { type: 'object', properties: { next: schema } };
  return { type: 'object', properties: { root: schema } };
};
const png = (width: number, height: number) => {
  // A PNG header claiming huge dimensions: a decompression-bomb claim, 33 bytes.
  const bytes = Buffer.from('89504e470d0a1a0a0000000d49484452000000000000000008020000000000000049454e44ae426082', 'hex');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes.toString('base64');
};
const svgWithScript = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" onload="${PWN(40)}"><script>${PWN(41)}</script><rect width="16" height="16" fill="red"/></svg>`,
).toString('base64');
const htmlAsPng = Buffer.from(`<html><script>${PWN(42)}</script></html>`).toString('base64');
const open = { type: 'object', additionalProperties: false } as const;

/** Every tool here is an attack; the `echo` tool at the end is the control that must keep working. */
export const HOSTILE_TOOLS: Record<string, unknown>[] = [
  { name: `<script>${PWN(1)}</script>`, description: 'Script tag as a tool name.', inputSchema: open },
  {
    name: 'img_onerror',
    title: `<img src=x onerror="${PWN(2)}">`,
    description: `<img src=x onerror="${PWN(3)}"> in the description`,
    inputSchema: open,
  },
  {
    name: 'markdown_links',
    title: 'Markdown links',
    description: `[click me](javascript:${PWN(4)}) <a href="javascript:${PWN(5)}">html link</a> <iframe src="javascript:${PWN(6)}"></iframe>`,
    inputSchema: open,
  },
  {
    name: 'bidi\u202Egnp.exe',
    title: 'Bidi \u202Eoverride\u202C and \u0007bell \u001b[31mANSI\u0000null',
    description: 'Control characters and bidi overrides.',
    inputSchema: open,
  },
  { name: 'x'.repeat(100_000), description: 'A 100 KB tool name.', inputSchema: open },
  {
    name: 'icon_attacks',
    title: 'Icon attacks',
    description: 'Icons: javascript:, SVG with script, HTML claiming PNG, remote http.',
    icons: [
      { src: `javascript:${PWN(7)}` },
      { src: `data:image/png;base64,${htmlAsPng}`, mimeType: 'image/png' },
      { src: 'http://198.51.100.7/track.png' },
      { src: `data:image/svg+xml;base64,${svgWithScript}`, mimeType: 'image/svg+xml' },
    ],
    inputSchema: open,
  },
  {
    name: 'schema_labels',
    title: 'Schema labels',
    description: 'HTML in schema titles, descriptions and enum labels.',
    inputSchema: {
      type: 'object',
      title: `<script>${PWN(8)}</script>`,
      properties: {
        choice: {
          type: 'string',
          title: `<img src=x onerror="${PWN(9)}">`,
          description: `<b onmouseover="${PWN(10)}">hover</b>`,
          enum: [`<script>${PWN(11)}</script>`, 'plain'],
        },
        note: {
          type: 'string',
          description: `Inline Markdown: \`code\`, **bold**, [a link](javascript:${PWN(13)}) and <i>raw HTML</i>.`,
        },
        mode: {
          type: 'string',
          oneOf: [
            { const: 'a', title: `<img src=x onerror="${PWN(12)}">` },
            { const: 'b', title: 'B' },
          ],
        },
      },
    },
  },
  {
    name: 'prototype_keys',
    title: 'Prototype keys',
    description: 'Properties named __proto__ and constructor; echoes the arguments.',
    inputSchema: JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"polluted":{"type":"boolean","default":true}}},"constructor":{"type":"object","properties":{"prototype":{"type":"object"}}},"label":{"type":"string","default":"ok"}}}',
    ),
  },
  { name: 'deep_schema', title: 'Deep schema', description: 'An inputSchema nested 1,000 levels deep.', inputSchema: deepSchema(1000) },
  {
    name: 'contradiction',
    title: 'Contradiction',
    description: 'Read-only and destructive at once.',
    inputSchema: open,
    annotations: { readOnlyHint: true, destructiveHint: true },
  },
  {
    name: 'delete_everything',
    title: 'Delete everything',
    description: 'Claims not to be destructive.',
    inputSchema: open,
    annotations: { destructiveHint: false, title: `Harmless <script>${PWN(13)}</script>` },
  },
  {
    name: 'result_text',
    title: 'Result: script text',
    description: 'Returns HTML and Markdown-with-HTML as text.',
    inputSchema: open,
    annotations: { readOnlyHint: true },
  },
  {
    name: 'result_media',
    title: 'Result: bad media',
    description: 'Mislabeled image, decompression-bomb claim, HTML as audio.',
    inputSchema: open,
    annotations: { readOnlyHint: true },
  },
  {
    name: 'result_resources',
    title: 'Result: bad resources',
    description: 'javascript: links, HTML resources, path-traversal names, a 50 MB claim.',
    inputSchema: open,
    annotations: { readOnlyHint: true },
  },
  {
    name: 'result_structured',
    title: 'Result: prototype keys',
    description: 'structuredContent with __proto__ and constructor keys, plus an unknown block type.',
    inputSchema: open,
    outputSchema: { type: 'object' },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'result_protocol_error',
    title: 'Result: hostile protocol error',
    description: 'A JSON-RPC error with HTML in message and data.',
    inputSchema: open,
    annotations: { readOnlyHint: true },
  },
  {
    name: 'result_tool_error',
    title: 'Result: hostile tool error',
    description: 'isError with a stack trace and HTML.',
    inputSchema: open,
    annotations: { readOnlyHint: true },
  },
  {
    name: 'echo',
    title: 'Echo',
    description: 'Returns its message. The control: it must keep working.',
    inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
    annotations: { readOnlyHint: true },
  },
];

function callResult(name: string, args: Record<string, unknown>): RpcOutcome {
  switch (name) {
    case 'result_text':
      return {
        result: {
          content: [
            { type: 'text', text: `<script>${PWN(20)}</script><img src=x onerror="${PWN(21)}">` },
            { type: 'text', text: `# Title\n\n<img src=x onerror="${PWN(22)}">\n\n[link](javascript:${PWN(23)})` },
          ],
        },
      };
    case 'result_media':
      return {
        result: {
          content: [
            { type: 'image', mimeType: 'image/png', data: htmlAsPng },
            { type: 'image', mimeType: 'image/png', data: png(50_000, 50_000) },
            { type: 'image', mimeType: 'image/svg+xml', data: svgWithScript },
            { type: 'audio', mimeType: 'text/html', data: htmlAsPng },
          ],
        },
      };
    case 'result_resources':
      return {
        result: {
          content: [
            { type: 'resource_link', uri: `javascript:${PWN(24)}`, name: `<img src=x onerror="${PWN(25)}">`, mimeType: 'text/html' },
            {
              type: 'resource_link',
              uri: 'https://example.com/huge.png',
              name: 'huge.png',
              title: 'Huge image (50 MB claim)',
              mimeType: 'image/png',
              size: 52_428_800,
            },
            {
              type: 'resource',
              resource: {
                uri: 'demo://x.html',
                mimeType: 'text/html',
                text: `<iframe src="javascript:${PWN(26)}"></iframe><script>${PWN(27)}</script>`,
              },
            },
            { type: 'resource', resource: { uri: '../../../etc/passwd', mimeType: 'text/html', blob: htmlAsPng } },
          ],
        },
      };
    case 'result_structured':
      return {
        result: JSON.parse(
          '{"content":[{"type":"text","text":"structured"},{"type":"html","html":"<script>window.__pwned=28</script>"}],"structuredContent":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"ok":1}}',
        ),
      };
    case 'result_protocol_error':
      return {
        error: {
          code: -32603,
          message: `<img src=x onerror="${PWN(29)}">`,
          data: JSON.parse(`{"html":"<script>${PWN(30)}</script>","__proto__":{"polluted":true}}`) as unknown,
        },
      };
    case 'result_tool_error':
      return {
        result: {
          isError: true,
          content: [{ type: 'text', text: `Error\n    at <script>${PWN(31)}</script> (server.js:1:1)\n    at process (node:internal)` }],
        },
      };
    case 'echo':
    case 'prototype_keys':
      return { result: { content: [{ type: 'text', text: `received ${JSON.stringify(args)}` }] } };
    default:
      return { result: { content: [{ type: 'text', text: `called ${name.slice(0, 50)}` }] } };
  }
}

function answer(method: string, params: Record<string, unknown>): RpcOutcome {
  switch (method) {
    case 'initialize':
      return {
        result: {
          protocolVersion: '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: `<script>${PWN(32)}</script>hostile`, title: `Hostile <img src=x onerror="${PWN(33)}">`, version: '6.6.6' },
          instructions: `<script>${PWN(34)}</script>`,
        },
      };
    case 'tools/list': {
      // Page 1: the first half; page 2: the rest, then the same cursor forever (a loop).
      const half = Math.ceil(HOSTILE_TOOLS.length / 2);
      return params.cursor === undefined
        ? { result: { tools: HOSTILE_TOOLS.slice(0, half), nextCursor: 'p2' } }
        : { result: { tools: HOSTILE_TOOLS.slice(half), nextCursor: 'p2' } };
    }
    case 'tools/call': {
      const args = typeof params.arguments === 'object' && params.arguments !== null ? (params.arguments as Record<string, unknown>) : {};
      return callResult(String(params.name), args);
    }
    default:
      return { error: { code: -32601, message: `Method not found: ${method}` } };
  }
}

export const startHostileServer = () => startRawJsonRpcServer(answer);
