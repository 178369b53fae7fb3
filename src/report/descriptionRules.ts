// The description rules: a tool without a description (description-missing), and one whose
// description is a placeholder, a bare label, or a short sentence whose verb names no action
// (description-thin) — judged by meaning, not by length, and calibrated on real servers
// (src/report/rules.calibration.test.ts, `npm run report:real`).
import type { McpTool } from '../mcp/tools.ts';
import { own } from '../mcp/guards.ts';
import type { Finding } from './findings.ts';
import { properties, quote } from './schemaWords.ts';

export function descriptionFindings(tool: McpTool): Finding[] {
  const text = tool.description?.trim() ?? '';
  if (!text) {
    return [
      {
        rule: 'description-missing',
        severity: 'error',
        tool: tool.name,
        message: 'The tool has no description.',
        fix: 'Say in one or two sentences what it does, when to use it (and when not), and what it returns.',
      },
    ];
  }
  // Judged by meaning, not by length: "Returns the sum of two numbers" and "Navigate to a URL" are
  // complete; a placeholder is not, and a one- or two-word label says nothing a model can act on.
  const placeholder = PLACEHOLDER.test(text) || sameAsName(text, tool.name);
  const words = text.split(/\s+/).filter(Boolean).length;
  // A short sentence whose verb says nothing ("Handle a dialog"): a warning unless described
  // parameters say what happens (browser_handle_dialog's "accept", "promptText"): then a label (info).
  const vague = !placeholder && words <= VAGUE_WORDS && VAGUE_VERB.test(text);
  const paramsSayIt = vague && properties(tool.inputSchema).some(([, schema]) => typeof own(schema, 'description') === 'string');
  if (!placeholder && !vague && words > 2) return [];
  return [
    {
      rule: 'description-thin',
      severity: placeholder || (vague && !paramsSayIt) ? 'warning' : 'info',
      tool: tool.name,
      message: placeholder
        ? `The description ${quote(text)} is a placeholder: it does not say what the tool does.`
        : vague
          ? `The description ${quote(text)} names no action a model can picture: "${VAGUE_VERB.exec(text)?.[0] ?? ''}" could mean anything${paramsSayIt ? ' (the parameters’ descriptions tell what happens)' : ''}, and it does not say what the tool returns.`
          : `The description ${quote(text)} is a label, not a description: it does not say what the tool returns or when to use it.`,
      fix: 'Say what the tool does, when to use it and what it returns (e.g. "Returns up to 10 products with id, name and price").',
    },
  ];
}

// Placeholders SDK templates and hurried authors leave behind.
const PLACEHOLDER =
  /^(?:todo|tbd|fixme|description|tool description|add (?:a |the )?(?:tool )?description(?: here)?|describe (?:this|the) tool|an? (?:example|sample|test|simple|my) tool\b.*|does (?:stuff|things|something)|lorem ipsum\b.*|placeholder|no description)\.?$/i;
// Verbs that name no action ("handle", "manage", "process"), at the start of a short description.
// Calibrated on @playwright/mcp: "Handle a dialog" (accept or dismiss? what comes back?) is flagged;
// "Close the page", "Perform click on a web page", "Navigate to a URL" are not.
const VAGUE_VERB =
  /^(?:handles?|manages?|process(?:es)?|deals? with|works? with|interacts? with|performs? (?:an? )?(?:actions?|operations?|tasks?)|does)\b/i;
const VAGUE_WORDS = 6;

/** The description only repeats the tool's name ("get_user" → "Get user"). */
const sameAsName = (text: string, name: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim() ===
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
