// The MCP Apps rules: what a host needs to show a tool's app, judged from the listing (the
// declaration), from reading each UI resource once (collect.ts), and from calls made.
import { isAppMime, resolveUiResource, type UiResource } from '../mcp/apps/mcpApps.ts';
import type { McpTool } from '../mcp/tools.ts';
import type { CallRecord } from './callRules.ts';
import type { Finding } from './findings.ts';

/** What the listing says: a malformed visibility, the deprecated flat key, a resourceUri that is not ui://. */
export function appListingFindings(tools: readonly McpTool[]): Finding[] {
  return tools.flatMap((tool): Finding[] => {
    const findings: Finding[] = [];
    const visibility = tool.app?.problems.find((problem) => problem.includes('visibility')) ?? tool.visibilityProblem;
    if (visibility)
      findings.push({
        rule: 'app-visibility-invalid',
        severity: 'warning',
        tool: tool.name,
        message: visibility,
        fix: 'Give _meta.ui.visibility as ["model"], ["app"] or ["model", "app"] (or leave it out for both).',
      });
    if (tool.app?.deprecated)
      findings.push({
        rule: 'app-meta-deprecated',
        severity: 'warning',
        tool: tool.name,
        message: `The tool names its UI only in the flat _meta["ui/resourceUri"] (${tool.app.resourceUri}).`,
        fix: `Put it in _meta.ui.resourceUri (ext-apps’ registerAppTool writes both).`,
      });
    const badUri = tool.app?.problems.find((problem) => problem.includes('resourceUri'));
    if (badUri)
      findings.push({
        rule: 'app-resource-missing',
        severity: 'error',
        tool: tool.name,
        message: badUri,
        fix: 'Name a ui:// resource the server serves.',
      });
    return findings;
  });
}

/** Most UI resources read for one report: each distinct resourceUri once. */
const MAX_READS = 20;

/** What reading a tool's UI resource showed, beyond findings: whether it declares a CSP (directories ask for one). */
export interface AppResourceFacts {
  tool: string;
  uri: string;
  cspDeclared: boolean;
}

/** Reads each tool's UI resource once; a resource that cannot be read, or has another MIME type, is a finding. */
export async function appResourceFindings(
  tools: readonly McpTool[],
  read: (uri: string) => Promise<unknown>,
): Promise<{ findings: Finding[]; resources: AppResourceFacts[] }> {
  const byUri = new Map<string, string[]>();
  for (const tool of tools) {
    const uri = tool.app?.resourceUri;
    if (uri?.startsWith('ui://')) byUri.set(uri, [...(byUri.get(uri) ?? []), tool.name]);
  }
  const findings: Finding[] = [];
  const resources: AppResourceFacts[] = [];
  for (const [uri, names] of [...byUri].slice(0, MAX_READS)) {
    let resolved: ReturnType<typeof resolveUiResource>;
    try {
      resolved = resolveUiResource(await read(uri), uri);
    } catch (error) {
      resolved = `resources/read of ${uri} failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    for (const tool of names) {
      if (typeof resolved === 'string')
        findings.push({
          rule: 'app-resource-missing',
          severity: 'error',
          tool,
          message: resolved.slice(0, 300),
          fix: `Serve ${uri} from resources/read (text or a base64 blob of HTML).`,
        });
      else if (!isAppMime(resolved.mimeType))
        findings.push({
          rule: 'app-mime',
          severity: 'error',
          tool,
          message: `${uri} is served as ${resolved.mimeType ?? 'no MIME type'}, not text/html;profile=mcp-app.`,
          fix: 'Give the resource (in resources/list and in the read result) the MIME type text/html;profile=mcp-app.',
        });
      else {
        findings.push(...doctypeFindings(resolved, uri, tool));
        resources.push({ tool, uri, cspDeclared: resolved.meta.csp !== undefined });
      }
    }
  }
  return { findings, resources };
}

/** An app's HTML without a doctype renders in quirks mode. */
function doctypeFindings(resource: UiResource, uri: string, tool: string): Finding[] {
  const findings: Finding[] = [];
  if (!/^\s*(?:<!--[\s\S]*?-->\s*)*<!doctype html\b/i.test(resource.html))
    findings.push({
      rule: 'app-doctype',
      severity: 'info',
      tool,
      message: `${uri} does not start with <!DOCTYPE html>: browsers render it in quirks mode.`,
      fix: 'Start the HTML with <!DOCTYPE html>.',
    });
  return findings;
}

/** A load an app's frame blocked at run time (AppView sees them): directive and blocked URL. */
export interface AppViolation {
  tool: string;
  directive: string;
  blocked: string;
}

/** Origins an app used at run time that its CSP does not declare (an eval probe is not one: nothing can declare it). */
export function appCspFindings(violations: readonly AppViolation[]): Finding[] {
  const seen = new Set<string>();
  return violations.flatMap((violation): Finding[] => {
    let origin: string;
    try {
      origin = new URL(violation.blocked).origin;
    } catch {
      return []; // eval, inline: not an origin
    }
    const key = `${violation.tool} ${violation.directive} ${origin}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const field = violation.directive.startsWith('connect')
      ? 'connectDomains'
      : violation.directive.startsWith('frame')
        ? 'frameDomains'
        : violation.directive.startsWith('base')
          ? 'baseUriDomains'
          : 'resourceDomains';
    return [
      {
        rule: 'app-csp-undeclared',
        severity: 'warning',
        tool: violation.tool,
        message: `The app loaded ${origin} (${violation.directive}), which its _meta.ui.csp does not declare: hosts block it.`,
        fix: `Add "${origin}" to _meta.ui.csp.${field} of the UI resource, or stop loading it.`,
      },
    ];
  });
}

/** From calls made: an app tool whose successful result carries no text for hosts without apps. */
export function appCallFindings(calls: readonly CallRecord[], tools: readonly McpTool[]): Finding[] {
  const apps = new Set(tools.filter((tool) => tool.app).map((tool) => tool.name));
  const seen = new Set<string>();
  return calls.flatMap((call): Finding[] => {
    if (!apps.has(call.tool) || !call.result || call.result.isError || seen.has(call.tool)) return [];
    if (call.result.content.some((block) => block.type === 'text' && block.text.trim())) return [];
    seen.add(call.tool);
    return [
      {
        rule: 'app-no-text-fallback',
        severity: 'warning',
        tool: call.tool,
        message: 'A call returned no text content: a host without MCP Apps (and the model) sees an empty result.',
        fix: 'Return a short text summary in content beside what the app shows.',
      },
    ];
  });
}
