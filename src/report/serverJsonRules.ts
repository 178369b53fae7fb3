// A server.json compared with the server it describes, once connected: what the entry declares
// (version, title, remotes, required headers) against what the server really serves. Each finding
// is judged as the publisher would: a difference a client acts on is a warning, a cosmetic one info.
import type { ServerIdentity } from '../mcp/connectOptions.ts';
import type { ServerDetail } from '../registry/serverJson.ts';
import { templateVariables } from '../registry/templateVariables.ts';
import type { Finding } from './findings.ts';

export interface Served {
  server: ServerIdentity;
  /** The URL connected to (for stdio: the bridge's, so no remote is compared). */
  url: string;
  stdio: boolean;
  /** The custom header names the connection sent (the server answered with only these). */
  headerNames: readonly string[];
}

/** `https://{host}/mcp` → a RegExp matching the URLs it can become. */
function templatePattern(template: string): RegExp {
  let pattern = '';
  let rest = template;
  for (const name of templateVariables(template)) {
    const [before, after = ''] = rest.split(`{${name}}`, 2) as [string, string?];
    pattern += `${before.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^/?#]+`;
    rest = after;
  }
  return new RegExp(`^${pattern}${rest.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

const sameUrl = (a: string, b: string) => {
  const normal = (url: string) => url.replace(/\/+$/, '');
  return normal(a) === normal(b);
};

/** Whose description is compared: a registry entry (server.json) or a Server Card (the same shape, SEP-2127). */
export interface Described {
  prefix: 'serverjson' | 'server-card';
  /** How a message names the document and an item of it. */
  noun: string;
  entry: string;
}

export const SERVER_JSON: Described = { prefix: 'serverjson', noun: 'server.json', entry: 'entry' };
export const SERVER_CARD: Described = { prefix: 'server-card', noun: 'The Server Card', entry: 'card' };

export function compareServerJson(detail: ServerDetail, served: Served, as: Described = SERVER_JSON): Finding[] {
  const findings: Finding[] = [];
  const { prefix, noun, entry } = as;
  const reported = served.server.version;
  if (typeof detail.version === 'string' && reported && detail.version !== reported)
    findings.push({
      rule: `${prefix}-version`,
      severity: 'warning',
      message: `${noun} says version ${detail.version}; the server reports ${reported} (serverInfo.version).`,
      fix: `Publish the ${entry} from the release it describes, or set serverInfo.version to match.`,
    });
  if (detail.title && served.server.title && detail.title !== served.server.title)
    findings.push({
      rule: `${prefix}-title`,
      severity: 'info',
      message: `${noun}'s title is "${detail.title}"; the server's is "${served.server.title}".`,
      fix: 'Use one title in both places.',
    });
  const remotes = Array.isArray(detail.remotes) ? detail.remotes : [];
  if (!served.stdio) {
    const matching = remotes.filter(
      (remote) =>
        typeof remote.url === 'string' &&
        (sameUrl(remote.url, served.url) || templatePattern(remote.url).test(served.url.replace(/\/+$/, ''))),
    );
    if (remotes.length && !matching.length)
      findings.push({
        rule: `${prefix}-remote`,
        severity: 'warning',
        message: `This server (${served.url}) is none of the ${entry}'s remotes: ${remotes.map((remote) => remote.url).join(', ')}.`,
        fix: `List the URL clients should use in remotes[], or check this is the server the ${entry} is for.`,
      });
    if (!remotes.length)
      findings.push({
        rule: `${prefix}-remote`,
        severity: 'info',
        message: `The ${entry} lists no remote, yet this server is served over HTTP.`,
        fix: 'Add it to remotes[] (type streamable-http) if people should connect to it directly.',
      });
    const sent = new Set(served.headerNames.map((name) => name.toLowerCase()));
    for (const remote of matching)
      for (const header of remote.headers ?? [])
        if (header.isRequired && !sent.has(header.name.toLowerCase()))
          findings.push({
            rule: `${prefix}-header-not-required`,
            severity: 'warning',
            message: `The ${header.name} header is declared required, yet the server answered without it.`,
            fix: `Set isRequired to false for ${header.name}, or make the server refuse requests without it.`,
          });
  }
  return findings;
}
