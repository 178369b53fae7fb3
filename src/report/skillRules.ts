// The report's rules for a server's skills (SEP-2640): what the extension requires of entries and
// files (the SDK's host side checks them; its reasons become rule ids here), what it recommends
// (unique names, size limits), and what only a tool that also knows the tool list can check — a
// skill that names a tool this server lacks, or shows a call whose arguments break the schema —
// and what the skill costs a model in tokens.
import type { McpTool } from '../mcp/tools.ts';
import type { Finding } from './findings.ts';
import type { ValidateOutput } from './callRules.ts';
import { formatCount } from '../lib/count.ts';

/** A skill entry as the SDK hands it over (structural: only what the rules read). */
export interface SkillEntry {
  uri: string;
  frontmatter: { name: string; description: string } & Record<string, unknown>;
  resources: readonly { uri: string; digest: string; size: number }[] | 'dynamic';
}

/** One file read (SKILL.md or a resource), verified or refused. */
export type SkillFileCheck =
  | { skill: string; uri: string; ok: true; text?: string }
  | { skill: string; uri: string; ok: false; reason: 'digest' | 'size' | 'frontmatter' | 'unlisted' | 'unreadable'; message: string };

export interface SkillsInput {
  skills: readonly SkillEntry[];
  invalid: readonly { index: number; uri?: string; reason: string }[];
  files: readonly SkillFileCheck[];
}

export interface SkillRuleDeps {
  validateOutput: ValidateOutput;
  tokenizer: { name: string; count: (text: string) => number };
}

/** The extension's limits (SEP-2640 "Limits"): files per skill, and bytes summed over them. */
export const SKILL_FILE_LIMIT = 512;
export const SKILL_BYTE_LIMIT = 16 * 1024 * 1024;
/** A skill whose text costs more than this many tokens is worth a look. */
const SKILL_TOKENS_WARN = 5000;

const SPEC = 'SEP-2640 (modelcontextprotocol.io/seps/2640-skills-extension)';

/** Which rule an SDK refusal breaks, from its words (one reason per broken rule). */
function refusalRule(reason: string): Finding['rule'] {
  if (/last path segment/.test(reason)) return 'skill-name-directory';
  if (/outside the skill directory/.test(reason)) return 'skill-resource-outside';
  if (/digest/.test(reason)) return 'skill-digest-format';
  if (/frontmatter(\.| )(name|description)|lowercase letters/.test(reason)) return 'skill-frontmatter-required';
  return 'skill-entry-invalid';
}

const nameOf = (uri: string) => /\/([^/]+)\/SKILL\.md$/.exec(uri)?.[1] ?? uri;

function entryFindings(input: SkillsInput): Finding[] {
  const refused = input.invalid.flatMap((entry) =>
    entry.reason.split('; ').map((reason): Finding => ({
      rule: refusalRule(reason),
      severity: 'error',
      message: `skills/list entry #${entry.index}${entry.uri ? ` (${entry.uri})` : ''}: ${reason}. Hosts refuse this skill.`,
      fix: `Make the entry follow ${SPEC}: the name equals the skill's directory, every file inside it, each with a sha256 digest and size.`,
    })),
  );
  const byName = new Map<string, string[]>();
  for (const skill of input.skills) byName.set(skill.frontmatter.name, [...(byName.get(skill.frontmatter.name) ?? []), skill.uri]);
  const duplicates = [...byName].flatMap(([name, uris]): Finding[] =>
    uris.length > 1
      ? [
          {
            rule: 'skill-duplicate-name',
            severity: 'warning',
            message: `${uris.length} skills are named "${name}" (${uris.join(', ')}): a host must tell them apart some other way.`,
            fix: 'Give each skill a name of its own (names SHOULD be unique within a server).',
          },
        ]
      : [],
  );
  const large = input.skills.flatMap((skill): Finding[] => {
    if (skill.resources === 'dynamic') return [];
    const bytes = skill.resources.reduce((sum, file) => sum + file.size, 0);
    if (skill.resources.length <= SKILL_FILE_LIMIT && bytes <= SKILL_BYTE_LIMIT) return [];
    return [
      {
        rule: 'skill-too-large',
        severity: 'warning',
        skill: skill.uri,
        message: `Skill ${skill.frontmatter.name} lists ${formatCount(skill.resources.length)} files, ${formatCount(bytes)} bytes: past the extension's limits (${SKILL_FILE_LIMIT} files, 16 MiB).`,
        fix: 'Split the skill, or move large files out of it (servers SHOULD NOT serve a skill past these limits).',
      },
    ];
  });
  return [...refused, ...duplicates, ...large];
}

const READ_RULES = {
  digest: 'skill-digest-mismatch',
  size: 'skill-size-mismatch',
  frontmatter: 'skill-frontmatter-mismatch',
  unlisted: 'skill-file-unreadable',
  unreadable: 'skill-file-unreadable',
} as const;

function fileFindings(input: SkillsInput): Finding[] {
  return input.files.flatMap((file): Finding[] =>
    file.ok
      ? []
      : [
          {
            rule: READ_RULES[file.reason],
            severity: 'error',
            skill: file.skill,
            message: `Skill ${nameOf(file.skill)}: ${file.message}. Hosts must not use this ${file.uri.endsWith('/SKILL.md') ? 'skill' : 'file'}.`,
            fix:
              file.reason === 'unreadable' || file.reason === 'unlisted'
                ? 'Serve every file the entry lists through resources/read at the URI it lists.'
                : 'Rebuild the entry from the files as served (the SDK’s skillEntry computes digests, sizes and frontmatter).',
          },
        ],
  );
}

/** A call shown in a skill: `name({...})`, with its arguments when they are JSON. */
interface ShownCall {
  tool: string;
  args?: unknown;
}

const PLACEHOLDER = /^\s*(<[^>]*>|\.\.\.|…|\{[^}]*\})\s*$/;
const CALL = /\b([A-Za-z][\w.-]{1,127})\(\s*(\{[\s\S]*?\})?\s*\)/g;
const BACKTICKED = /`([A-Za-z][\w.-]{1,127})`/g;

/** The calls a skill's text shows (`tool({"a": 1})`), arguments parsed where they are JSON. */
export function shownCalls(text: string): ShownCall[] {
  const calls: ShownCall[] = [];
  for (const match of text.matchAll(CALL)) {
    const [, tool = '', raw] = match;
    let args: unknown;
    try {
      args = raw ? JSON.parse(raw) : undefined;
    } catch {
      args = undefined;
    }
    calls.push({ tool, ...(args !== undefined ? { args } : {}) });
  }
  return calls;
}

/**
 * The tools a skill names: every call it shows, and every backticked word that reads as a tool
 * name (it has `_`, `-` or `.` in it, as tool names do) and is not a parameter of any tool.
 */
export function namedTools(text: string, parameters: ReadonlySet<string>): string[] {
  const names = new Set(shownCalls(text).map((call) => call.tool));
  for (const [, word = ''] of text.matchAll(BACKTICKED))
    if (/[_.-]/.test(word) && !parameters.has(word) && !/\.(md|json|txt|ya?ml)$/i.test(word)) names.add(word);
  return [...names];
}

function textsBySkill(input: SkillsInput): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  for (const file of input.files)
    if (file.ok && file.text !== undefined) texts.set(file.skill, [...(texts.get(file.skill) ?? []), file.text]);
  return texts;
}

function toolFindings(input: SkillsInput, tools: readonly McpTool[], deps: SkillRuleDeps): Finding[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const parameters = new Set(
    tools.flatMap((tool) => {
      const properties = (tool.inputSchema as { properties?: unknown }).properties;
      return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
    }),
  );
  const findings: Finding[] = [];
  for (const [skill, texts] of textsBySkill(input)) {
    const text = texts.join('\n');
    const missing = namedTools(text, parameters).filter((name) => !byName.has(name));
    if (missing.length)
      findings.push({
        rule: 'skill-tool-missing',
        severity: 'warning',
        skill,
        message: `Skill ${nameOf(skill)} tells the model to use ${missing.map((name) => `\`${name}\``).join(', ')}, which this server does not list.`,
        fix: 'Name only tools this server lists (or say which other server provides them), and keep skills in step with renamed tools.',
      });
    for (const call of shownCalls(text)) {
      const tool = byName.get(call.tool);
      if (!tool || call.args === undefined) continue;
      const verdict = deps.validateOutput(tool.inputSchema, call.args);
      if (verdict === 'unusable') continue;
      // A placeholder ("<from create_basket>", "…") stands for a value the model fills in: not judged.
      const placeholders = Object.entries(call.args as Record<string, unknown>)
        .filter(([, value]) => typeof value === 'string' && PLACEHOLDER.test(value))
        .map(([key]) => key);
      const problems = verdict.filter(
        (problem) => !placeholders.some((key) => problem.startsWith(`/${key} `) || problem.startsWith(`/${key}/`)),
      );
      if (!problems.length) continue;
      findings.push({
        rule: 'skill-args-mismatch',
        severity: 'warning',
        skill,
        tool: tool.name,
        message: `Skill ${nameOf(skill)} shows ${call.tool}(${JSON.stringify(call.args).slice(0, 120)}), which breaks its input schema: ${problems.slice(0, 3).join('; ')}.`,
        fix: 'Show arguments the tool accepts: a model copies the skill’s example.',
      });
    }
  }
  return findings;
}

function costFindings(input: SkillsInput, deps: SkillRuleDeps): Finding[] {
  return [...textsBySkill(input)].map(([skill, texts]) => {
    const [manifest = '', ...rest] = texts;
    const own = deps.tokenizer.count(manifest);
    const loaded = rest.reduce((sum, text) => sum + deps.tokenizer.count(text), 0);
    return {
      rule: 'skill-token-cost',
      severity: own + loaded > SKILL_TOKENS_WARN ? 'warning' : 'info',
      skill,
      message: `Skill ${nameOf(skill)}: SKILL.md costs ${formatCount(own)} tokens (${deps.tokenizer.name}) when loaded${rest.length ? `, and its ${rest.length} other file${rest.length === 1 ? '' : 's'} ${formatCount(loaded)} more when read` : ''}.`,
      fix: own + loaded > SKILL_TOKENS_WARN ? 'Move detail into reference files the model reads only when needed.' : 'Nothing to do.',
    };
  });
}

/** Every skills finding: entries, files read, tools named, token cost. */
export function skillFindings(input: SkillsInput, tools: readonly McpTool[], deps: SkillRuleDeps): Finding[] {
  return [...entryFindings(input), ...fileFindings(input), ...toolFindings(input, tools, deps), ...costFindings(input, deps)];
}
