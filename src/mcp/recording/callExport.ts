// A call as the wire knows it, to share or run elsewhere: a link that opens the tool filled in
// (never a token or a secret value), curl (both eras), raw JSON-RPC, or a TypeScript snippet for
// @modelcontextprotocol/client. Header names come from headers.ts and what counts as a secret
// from secrets.ts — the same rule Traffic masks by.
import { isRecord } from '../guards.ts';
import { MCP_HEADER } from '../wire/headers.ts';
import { isSecretName, withoutSecrets } from '../secrets.ts';
import { formatCount } from '../../lib/count.ts';
import { isCredentialParam } from '../../lib/redactUrl.ts';
import type { Era } from '../era.ts';

export interface SharedCall {
  /** The MCP endpoint. */
  server: string;
  tool: string;
  args: Record<string, unknown>;
}

export interface CallContext extends SharedCall {
  era: Era;
  protocolVersion: string;
  /** Whether the connection sends a bearer token (curl gets a $TOKEN placeholder, never the token). */
  bearer: boolean;
  /** Custom header names → values: each becomes a $ENV placeholder, unless `headerValues` is 'inline'. */
  headers: Record<string, string>;
  /** 'inline': non-secret header values are written into the copy (the person opted in); default 'env'. */
  headerValues?: 'env' | 'inline';
  /** Header names the connection's source declared secret: never inline. */
  secretHeaders?: readonly string[];
  /** 2026 `x-mcp-header` mirrors of this call's arguments. */
  paramHeaders?: Record<string, string>;
  /** What is sent: a tool call (the default), or a prompt's get (`tool` is then the prompt's name). */
  method?: 'tools/call' | 'prompts/get';
}

const MAX_ARGS_CHARS = 64 * 1024;

/** The server URL without query parameters that look like credentials. */
export function shareableServer(server: string): { url: string; dropped: string[] } {
  try {
    const url = new URL(server);
    const dropped = [...new Set(url.searchParams.keys())].filter(isCredentialParam);
    for (const key of dropped) url.searchParams.delete(key);
    if (url.username || url.password) dropped.push('user:password@');
    url.username = '';
    url.password = '';
    return { url: url.href, dropped };
  } catch {
    return { url: server, dropped: [] };
  }
}

/** "Copy link": opens Toolscope on that server and tool with the arguments filled in (not sent). */
export function shareLink(appUrl: string, call: SharedCall): { url: string; notes: string[] } {
  const server = shareableServer(call.server);
  const args = withoutSecrets(call.args);
  const link = new URL(appUrl);
  link.search = '';
  link.hash = '';
  link.searchParams.set('server', server.url);
  link.searchParams.set('tool', call.tool);
  const json = JSON.stringify(args.value);
  const notes: string[] = [];
  if (json.length <= MAX_ARGS_CHARS) link.searchParams.set('args', json);
  else notes.push(`The arguments (${formatCount(json.length)} characters) are too long for a link and were left out.`);
  if (args.dropped.length) notes.push(`Left out as secrets: ${args.dropped.join(', ')}.`);
  if (server.dropped.length) notes.push(`Removed from the server URL as credentials: ${server.dropped.join(', ')}.`);
  return { url: link.href, notes };
}

/** The `args` of a link: a JSON object, or undefined (with a reason) when it is anything else. */
export function readLinkArgs(text: string | null): { args?: Record<string, unknown>; problem?: string } {
  if (text === null) return {};
  if (text.length > MAX_ARGS_CHARS) return { problem: 'The link’s arguments are too long; the form starts empty.' };
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? { args: value } : { problem: 'The link’s arguments are not a JSON object; the form starts empty.' };
  } catch {
    return { problem: 'The link’s arguments are not valid JSON; the form starts empty.' };
  }
}

// POSIX shell single quotes: nothing inside is interpreted; a ' is closed, escaped and reopened.
const sh = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const envName = (header: string) => header.toUpperCase().replace(/[^A-Z0-9]/g, '_');

/** Whether this header's value is written into a copy: only a non-secret one, and only when the person opted in. */
const inline = (context: CallContext, name: string) => context.headerValues === 'inline' && !isSecretName(name, context.secretHeaders);

/** The environment variables a copy needs set first. */
export function neededVariables(context: CallContext): string[] {
  return [
    ...(context.bearer ? ['TOKEN'] : []),
    ...Object.keys(context.headers)
      .filter((name) => !inline(context, name))
      .map(envName),
  ];
}

function headerLines(context: CallContext): string[] {
  const lines = context.bearer ? [`-H "Authorization: Bearer $TOKEN"`] : [];
  for (const [name, value] of Object.entries(context.headers)) {
    lines.push(inline(context, name) ? `-H ${sh(`${name}: ${value}`)}` : `-H "${name}: $${envName(name)}"`);
  }
  return lines;
}

const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
};

const CLIENT = { name: 'toolscope-curl', version: '0.1.0' };

/** The tools/call request as JSON-RPC (2026: with the per-request `_meta` the stateless era needs). */
export function callMessage(context: CallContext, id = 1): Record<string, unknown> {
  const params: Record<string, unknown> = { name: context.tool, arguments: context.args };
  if (context.era === 'modern') {
    params._meta = {
      [META_KEYS.protocolVersion]: context.protocolVersion,
      [META_KEYS.clientInfo]: CLIENT,
      [META_KEYS.clientCapabilities]: {},
    };
  }
  return { jsonrpc: '2.0', id, method: context.method ?? 'tools/call', params };
}

/** "Copy as curl": one request (2026) or initialize → initialized → call with the session id (2025). */
export function curlCommand(context: CallContext): string {
  const base = ['-sS', `-H 'Content-Type: application/json'`, `-H 'Accept: application/json, text/event-stream'`, ...headerLines(context)];
  const needs = neededVariables(context);
  const preface = needs.length ? [`# Set ${needs.join(', ')} first (credentials and header values are not copied).`] : [];
  if (context.era === 'modern') {
    const headers = [
      `-H ${sh(`${MCP_HEADER.protocolVersion}: ${context.protocolVersion}`)}`,
      `-H ${sh(`${MCP_HEADER.method}: ${context.method ?? 'tools/call'}`)}`,
      `-H ${sh(`${MCP_HEADER.name}: ${context.tool}`)}`,
      ...Object.entries(context.paramHeaders ?? {}).map(([name, value]) => `-H ${sh(`${name}: ${value}`)}`),
    ];
    return [
      ...preface,
      `curl ${[...base, ...headers, `--data ${sh(JSON.stringify(callMessage(context)))}`, sh(context.server)].join(' \\\n  ')}`,
    ].join('\n');
  }
  const version = context.protocolVersion;
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: CLIENT },
  };
  const session = [`-H "${MCP_HEADER.sessionId}: $SID"`, `-H ${sh(`${MCP_HEADER.protocolVersion}: ${version}`)}`];
  return [
    ...preface,
    `URL=${sh(context.server)}`,
    `SID=$(curl ${[...base, '-D -', '-o /dev/null', `--data ${sh(JSON.stringify(initialize))}`, '"$URL"'].join(' ')} | tr -d '\\r' | awk 'tolower($1)=="${MCP_HEADER.sessionId.toLowerCase()}:"{print $2}')`,
    `curl ${[...base, ...session, '-o /dev/null', `--data '{"jsonrpc":"2.0","method":"notifications/initialized"}'`, '"$URL"'].join(' ')}`,
    `curl ${[...base, ...session, `--data ${sh(JSON.stringify(callMessage(context, 2)))}`, '"$URL"'].join(' \\\n  ')}`,
  ].join('\n');
}

export function jsonRpcText(context: CallContext): string {
  return JSON.stringify(callMessage(context), null, 2);
}

/** "Copy as TypeScript": the same call with the official client. */
export function typescriptSnippet(context: CallContext): string {
  const headers = [
    ...(context.bearer ? [`Authorization: \`Bearer \${process.env.TOKEN}\``] : []),
    ...Object.entries(context.headers).map(([name, value]) =>
      inline(context, name)
        ? `${JSON.stringify(name)}: ${JSON.stringify(value)}`
        : `${JSON.stringify(name)}: process.env.${envName(name)} ?? ''`,
    ),
  ];
  return [
    `import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';`,
    '',
    `const transport = new StreamableHTTPClientTransport(new URL(${JSON.stringify(context.server)})${headers.length ? `, {\n  requestInit: { headers: { ${headers.join(', ')} } },\n}` : ''});`,
    `const client = new Client({ name: 'my-script', version: '0.1.0' });`,
    'await client.connect(transport);',
    `const result = await client.callTool({ name: ${JSON.stringify(context.tool)}, arguments: ${JSON.stringify(context.args, null, 2)} });`,
    'console.log(JSON.stringify(result, null, 2));',
    'await client.close();',
    '',
  ].join('\n');
}
