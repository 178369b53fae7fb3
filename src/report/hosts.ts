// Several servers as each host sees them: the exact name a host gives the model for every tool of
// every server, what it drops or renames and why, prefix collisions, and the tool count against its
// cap. Each rule names its published source; what a host does not document is said as such, never
// guessed silently. Sources are the threads and pull requests gathered in the field study (shared
// docs 13-the-field-5.md §5) and the model APIs' own documentation for the name's characters.
// Pure: the page's "Hosts" view and `toolscope hosts` read the same figures.

export type HostId = 'vscode' | 'claude-code' | 'cursor' | 'windsurf' | 'claude-desktop' | 'chatgpt';
export const HOST_IDS: readonly HostId[] = ['vscode', 'claude-code', 'cursor', 'windsurf', 'claude-desktop', 'chatgpt'];

export type HostRuleId = 'host-name-too-long' | 'host-name-characters' | 'host-collision' | 'host-cap' | 'host-one-server';

/** One connected server: its config key (how the person named it), its serverInfo, its tools. */
export interface HostServer {
  key: string;
  name: string;
  title?: string;
  tools: readonly { name: string }[];
}

export interface HostFinding {
  rule: HostRuleId;
  host: HostId;
  server?: string;
  tool?: string;
  message: string;
  /** The published source of the limit, or "undocumented". */
  source: string;
}

export interface HostTool {
  server: string;
  tool: string;
  /** The name the model gets (absent when the host drops the tool). */
  modelName?: string;
  fate: 'kept' | 'renamed' | 'dropped';
  why?: string;
}

export interface HostView {
  host: HostId;
  label: string;
  tools: HostTool[];
  /** Tools the host sends the model (kept and renamed, within its cap). */
  sent: number;
  cap?: number;
  findings: HostFinding[];
  /** How the host names tools, and what of it is undocumented. */
  naming: string;
  /** Definitions are kept out of the first request until searched for (tool search). */
  deferred: boolean;
}

/** The model APIs' rule for a tool (function) name: Anthropic's Messages API and OpenAI's function calling. */
export const MODEL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MODEL_NAME_SOURCE =
  'Anthropic Messages API, tools[].name ^[a-zA-Z0-9_-]{1,64}$ (docs.anthropic.com/en/api/messages); OpenAI function calling, name a-z A-Z 0-9 _ - up to 64 (platform.openai.com/docs/guides/function-calling)';

interface HostRule {
  label: string;
  naming: string;
  /** The model-facing name of `tool` of a server whose prefix is `prefix`. */
  name?: (prefix: string, tool: string) => string;
  /** The server's prefix: from its title or config key (never the self-reported serverInfo.name, per the spec). */
  prefix?: (server: HostServer) => string;
  /** Prefixes that collide are numbered (VS Code) — or the host does not say what it does. */
  numbersCollisions?: { source: string };
  /** The final name's limit, and what the host does over it. */
  maxName?: { length: number; fate: 'dropped'; source: string };
  /** Server name + tool name together (Cursor). */
  maxCombined?: { length: number; source: string };
  /** Whether the name goes to a model API whose characters rule applies. */
  modelApi: boolean;
  cap?: { tools: number; source: string };
  oneServer?: { source: string };
  deferred: boolean;
}

export const HOSTS: Record<HostId, HostRule> = {
  vscode: {
    label: 'VS Code (Copilot)',
    naming:
      'mcp_<prefix>_<tool> (microsoft/vscode PR #249929); the prefix is serverInfo.title, else the config key, lowercased with other characters as _ (the exact folding is undocumented); servers sharing a prefix are numbered (PR #318638; the suffix form is undocumented: _2 here)',
    name: (prefix, tool) => `mcp_${prefix}_${tool}`,
    prefix: (server) => fold(server.title || server.key),
    numbersCollisions: { source: 'microsoft/vscode PR #318638, #296591' },
    maxName: { length: 64, fate: 'dropped', source: 'microsoft/vscode #243602 (64 characters)' },
    modelApi: true,
    cap: { tools: 128, source: 'microsoft/vscode-copilot-release #11653; built-in tools count too (microsoft/vscode #294055)' },
    deferred: false,
  },
  'claude-code': {
    label: 'Claude Code',
    naming: 'mcp__<server>__<tool>, the server being the config key',
    name: (prefix, tool) => `mcp__${prefix}__${tool}`,
    prefix: (server) => server.key,
    maxName: { length: 64, fate: 'dropped', source: 'the API refuses names over 64 (pingdotgg/t3code PR #12084 quotes the 400)' },
    modelApi: true,
    deferred: true,
  },
  cursor: {
    label: 'Cursor',
    naming: '"server: tool" in its list; the name sent to the model is undocumented (the tool name here)',
    prefix: (server) => server.key,
    maxCombined: { length: 60, source: 'server + tool over 60 characters is dropped (awslabs/mcp #1283, composio #2788, git-mcp #163)' },
    modelApi: false,
    cap: { tools: 40, source: '40 tools (Snowflake-Labs/mcp #77; later versions 80 or 100, DaxianLee/cocos-mcp-server #11)' },
    deferred: false,
  },
  windsurf: {
    label: 'Windsurf',
    naming: 'undocumented (the tool name here)',
    modelApi: false,
    cap: { tools: 50, source: '50 tools (Zhwt/go-mcp-mysql #3)' },
    deferred: false,
  },
  'claude-desktop': {
    label: 'Claude Desktop',
    naming: 'undocumented (the tool name here); the Messages API rule for names applies',
    modelApi: true,
    deferred: false,
  },
  chatgpt: {
    label: 'ChatGPT developer mode',
    naming: 'one app per connector; names undocumented (the tool name here)',
    modelApi: false,
    oneServer: { source: 'with a developer MCP active, other apps are refused (XiaoDuoYa/codex-with-chatgpt #445)' },
    deferred: false,
  },
};

const fold = (text: string) => text.toLowerCase().replace(/[^a-z0-9_-]+/g, '_');

/** The prefix of each server for a host, collisions numbered where the host numbers them. */
function prefixes(rule: HostRule, servers: readonly HostServer[]): Map<string, string> {
  const taken = new Map<string, number>();
  const result = new Map<string, string>();
  for (const server of servers) {
    const base = rule.prefix?.(server) ?? '';
    const seen = taken.get(base) ?? 0;
    taken.set(base, seen + 1);
    result.set(server.key, seen && rule.numbersCollisions ? `${base}_${seen + 1}` : base);
  }
  return result;
}

/**
 * Whether every name the host changed only has a prefix before it, the same one for each tool of a
 * server (mcp__<config name>__<tool>): then it is said once, not as a "renamed" on every row.
 */
export function onlyPrefixed(tools: readonly HostTool[]): boolean {
  const prefixes = new Map<string, string>();
  return tools.every((entry) => {
    if (entry.fate !== 'renamed') return true;
    if (!entry.modelName?.endsWith(entry.tool)) return false;
    const prefix = entry.modelName.slice(0, entry.modelName.length - entry.tool.length);
    if ((prefixes.get(entry.server) ?? prefix) !== prefix) return false;
    prefixes.set(entry.server, prefix);
    return true;
  });
}

export function hostView(host: HostId, servers: readonly HostServer[]): HostView {
  const rule = HOSTS[host];
  const findings: HostFinding[] = [];
  const found = (finding: Omit<HostFinding, 'host'>) => findings.push({ host, ...finding });
  const prefixOf = prefixes(rule, servers);
  if (rule.oneServer && servers.length > 1)
    found({
      rule: 'host-one-server',
      message: `${rule.label} takes one connector at a time: ${servers.length} servers are connected.`,
      source: rule.oneServer.source,
    });
  const tools: HostTool[] = [];
  for (const server of servers) {
    const prefix = prefixOf.get(server.key) ?? '';
    if (rule.numbersCollisions && prefix !== (rule.prefix?.(server) ?? ''))
      found({
        rule: 'host-collision',
        server: server.key,
        message: `${server.key}'s prefix "${rule.prefix?.(server) ?? ''}" is another server's too: ${rule.label} numbers it "${prefix}", so its tools' names change with the order servers start in.`,
        source: rule.numbersCollisions.source,
      });
    for (const { name: tool } of server.tools) {
      const modelName = rule.name ? rule.name(prefix, tool) : tool;
      const combined = `${server.key}${tool}`;
      if (rule.maxCombined && combined.length > rule.maxCombined.length) {
        tools.push({
          server: server.key,
          tool,
          fate: 'dropped',
          why: `server + tool is ${combined.length} characters (limit ${rule.maxCombined.length})`,
        });
        found({
          rule: 'host-name-too-long',
          server: server.key,
          tool,
          message: `${rule.label} drops ${tool} of ${server.key}: server name + tool name is ${combined.length} characters, over ${rule.maxCombined.length}.`,
          source: rule.maxCombined.source,
        });
        continue;
      }
      if (rule.maxName && modelName.length > rule.maxName.length) {
        tools.push({
          server: server.key,
          tool,
          fate: 'dropped',
          why: `"${modelName}" is ${modelName.length} characters (limit ${rule.maxName.length})`,
        });
        found({
          rule: 'host-name-too-long',
          server: server.key,
          tool,
          message: `${rule.label} names it "${modelName}": ${modelName.length} characters, over ${rule.maxName.length}, so the tool is not usable.`,
          source: rule.maxName.source,
        });
        continue;
      }
      if (rule.modelApi && !MODEL_NAME.test(modelName)) {
        tools.push({ server: server.key, tool, fate: 'dropped', why: `"${modelName}" has characters a model API refuses` });
        found({
          rule: 'host-name-characters',
          server: server.key,
          tool,
          message: `${rule.label} sends "${modelName}" to the model: only letters, digits, _ and - are accepted (up to 64).`,
          source: MODEL_NAME_SOURCE,
        });
        continue;
      }
      tools.push({ server: server.key, tool, modelName, fate: modelName === tool ? 'kept' : 'renamed' });
    }
  }
  // Names the model would see twice (hosts that do not prefix): one shadows the other.
  if (!rule.name) {
    const byName = new Map<string, HostTool[]>();
    for (const entry of tools) if (entry.modelName) byName.set(entry.modelName, [...(byName.get(entry.modelName) ?? []), entry]);
    for (const [name, same] of byName)
      if (same.length > 1)
        found({
          rule: 'host-collision',
          tool: name,
          message: `${same.length} servers offer a tool named ${name} (${same.map((entry) => entry.server).join(', ')}): ${rule.label} does not say which one the model gets.`,
          source: 'undocumented',
        });
  }
  const usable = tools.filter((entry) => entry.fate !== 'dropped');
  if (rule.cap && usable.length > rule.cap.tools) {
    for (const entry of usable.slice(rule.cap.tools)) {
      entry.fate = 'dropped';
      entry.why = `beyond the cap of ${rule.cap.tools} tools`;
    }
    found({
      rule: 'host-cap',
      message: `${usable.length} tools, over ${rule.label}'s cap of ${rule.cap.tools}: ${usable.length - rule.cap.tools} are not sent (which ones depends on the host).`,
      source: rule.cap.source,
    });
  }
  return {
    host,
    label: rule.label,
    tools,
    sent: tools.filter((entry) => entry.fate !== 'dropped').length,
    ...(rule.cap ? { cap: rule.cap.tools } : {}),
    findings,
    naming: rule.naming,
    deferred: rule.deferred,
  };
}

/** How a host's config would name a server, from what it says of itself (the person can change it). */
export function configKeyOf(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .replace(/^.*\//, '')
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'server';
  let key = base;
  for (let index = 2; taken.has(key); index++) key = `${base}-${index}`;
  return key;
}

/** Each server's config name as the page first proposes it (in order, unique): Hosts and Find across servers. */
export function unionKeys(servers: readonly { url: string; name: string }[]): Map<string, string> {
  const taken = new Set<string>();
  return new Map(
    servers.map((server) => {
      const key = configKeyOf(server.name, taken);
      taken.add(key);
      return [server.url, key];
    }),
  );
}
