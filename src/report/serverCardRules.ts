// The Server Card compared with the server it describes (the Server Card extension, SEP-2127,
// docs/discovery.md: a card SHOULD NOT contradict what a client sees once connected, and discovery
// endpoints MUST send CORS headers). The schema's problems are errors at their JSON path; the
// differences are judged as serverJsonRules judges a registry entry. No card is no finding.
import type { CardRead } from '../registry/serverCard.ts';
import { cardAsDetail, checkServerCard } from '../registry/serverCard.ts';
import { isRecord } from '../mcp/guards.ts';
import type { Finding } from './findings.ts';
import { SERVER_CARD, compareServerJson, type Served } from './serverJsonRules.ts';

export function serverCardFindings(read: CardRead | undefined, served: Served & { protocolVersion: string }): Finding[] {
  if (!read?.found) return [];
  const where = `${read.url}${read.via === 'catalog' ? ' (from the origin’s /.well-known/mcp/catalog.json)' : ''}`;
  const findings: Finding[] = [];
  if (read.cors === undefined)
    findings.push({
      rule: 'server-card-cors',
      severity: 'warning',
      message: `${where} is served without Access-Control-Allow-Origin: a browser-based client cannot read it.`,
      fix: 'Serve the card with Access-Control-Allow-Origin: *, Access-Control-Allow-Methods: GET, Access-Control-Allow-Headers: Content-Type.',
    });
  if (read.unreadable !== undefined) {
    findings.push({
      rule: 'server-card-schema',
      severity: 'error',
      message: `${where} could not be read as a card: ${read.unreadable}.`,
      fix: 'Serve the card as one JSON object (Content-Type: application/mcp-server-card+json).',
    });
    return findings;
  }
  for (const problem of checkServerCard(read.card).slice(0, 50))
    findings.push({
      rule: 'server-card-schema',
      severity: 'error',
      message: `${problem.path}: ${problem.message} (${where}).`,
      fix: 'Make the card valid against https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json.',
    });
  const detail = cardAsDetail(read.card);
  if (!detail) return findings;
  findings.push(...compareServerJson(detail, served, SERVER_CARD));
  const remotes = Array.isArray(detail.remotes) ? detail.remotes : [];
  for (const remote of remotes) {
    const versions = isRecord(remote) ? (remote as { supportedProtocolVersions?: unknown }).supportedProtocolVersions : undefined;
    const url = isRecord(remote) && typeof remote.url === 'string' ? remote.url.replace(/\/+$/, '') : undefined;
    if (url !== served.url.replace(/\/+$/, '') || !Array.isArray(versions) || versions.includes(served.protocolVersion)) continue;
    findings.push({
      rule: 'server-card-protocol',
      severity: 'warning',
      message: `The card says ${url} supports ${versions.map(String).join(', ')}; the server negotiated ${served.protocolVersion}.`,
      fix: `Add ${served.protocolVersion} to that remote's supportedProtocolVersions, or list exactly what the server serves.`,
    });
  }
  return findings;
}
