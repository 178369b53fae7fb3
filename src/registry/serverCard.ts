// A Server Card (the Server Card extension, SEP-2127: modelcontextprotocol/experimental-ext-server-card,
// docs/discovery.md): found where the extension says — `GET <streamable-http-url>/server-card`
// with `Accept: application/mcp-server-card+json`, else an entry of the origin's
// `/.well-known/mcp/catalog.json` — and checked against the extension's v1 schema (vendored,
// Apache-2.0, from that repository's schema.json at 8924e08; never fetched), each problem at its
// JSON path. No card is not a problem: the extension makes every endpoint optional.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isRecord, own } from '../mcp/guards.ts';
import { createAjv } from '../schema/ajvSetup.ts';
import schema from './server-card.schema.v1.json' with { type: 'json' };
import { RANGE, describe, type Problem, type ServerDetail } from './serverJson.ts';

export const CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
export const CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
/** A card or catalog larger than this is not read (a card is a few kilobytes). */
const MAX_BYTES = 1_000_000;
const FETCH_MS = 5_000;

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** What looking for a card found: the card (and where, and whether a browser may read it), or where it looked. */
export type CardRead =
  /** `blocked`: a URL whose fetch failed outright (a network error — in a page, also a response without CORS). */
  | { found: false; tried: string[]; blocked?: string[] }
  | {
      found: true;
      url: string;
      via: 'server-card' | 'catalog';
      /** The parsed card (any JSON: the checks say what is wrong with it). */
      card: unknown;
      /** `Access-Control-Allow-Origin` as served (undefined: not sent, so a browser page cannot read it). */
      cors?: string;
      /** Why it could not be used (not JSON, too large); the card is then undefined. */
      unreadable?: string;
    };

let validator: ValidateFunction | undefined;
const validate = () => (validator ??= createAjv('2020-12').compile({ $ref: '#/$defs/ServerCard', $defs: schema.$defs }));

/** The card's problems against the v1 schema, and the rules its descriptions add (one version, not a range). */
export function checkServerCard(card: unknown): Problem[] {
  const check = validate();
  const problems: Problem[] = check(card)
    ? []
    : (check.errors ?? []).map((error: ErrorObject) => {
        const problem = describe(error, card);
        return problem.path === '$schema' && error.keyword === 'pattern'
          ? { ...problem, message: `must be ${CARD_SCHEMA} (the v1 Server Card schema; date-versioned and server.json URLs are not)` }
          : problem;
      });
  if (isRecord(card) && typeof own(card, 'version') === 'string' && RANGE.test(own(card, 'version') as string))
    problems.push({
      path: 'version',
      message: `${JSON.stringify(own(card, 'version'))} is a range; a card names one version`,
      severity: 'error',
    });
  return problems;
}

/** The card as a server.json-shaped description, for the comparison with the live server (the shapes agree by design). */
export const cardAsDetail = (card: unknown): ServerDetail | undefined => (isRecord(card) ? (card as unknown as ServerDetail) : undefined);

/** What `cors` says of a card a page read across origins: allowed, the header's value unseen. */
export const CORS_PASSED = 'allows this page (read from another origin)';

async function getJson(fetch: Fetch, url: string, accept: string, signal?: AbortSignal) {
  const response = await fetch(url, {
    headers: { accept },
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(FETCH_MS)]) : AbortSignal.timeout(FETCH_MS),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  // A page reading another origin's card does not see Access-Control-Allow-Origin (not a header
  // it is shown unless exposed) — but that it could read the card at all is the CORS check passed
  // (Fetch: a "cors" response is one the browser let through).
  const cors = response.headers.get('access-control-allow-origin') ?? (response.type === 'cors' ? CORS_PASSED : undefined);
  const size = Number(response.headers.get('content-length') ?? 0);
  if (size > MAX_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    return { cors, unreadable: `${size} bytes: larger than a card can be` };
  }
  const text = await response.text();
  if (text.length > MAX_BYTES) return { cors, unreadable: `${text.length} characters: larger than a card can be` };
  try {
    return { cors, value: JSON.parse(text) as unknown };
  } catch {
    return { cors, unreadable: 'not JSON' };
  }
}

/**
 * Looks for this server's card: `<url>/server-card`, then the origin's catalog (its entry whose
 * url is that one, or its only card entry). A network failure counts as no card there.
 */
export async function readServerCard(serverUrl: string, fetch: Fetch, signal?: AbortSignal): Promise<CardRead> {
  const direct = `${serverUrl.replace(/\/+$/, '')}/server-card`;
  const catalogUrl = new URL('/.well-known/mcp/catalog.json', serverUrl).href;
  const tried = [direct];
  const blocked: string[] = [];
  const failed = (url: string) => () => {
    blocked.push(url);
    return undefined;
  };
  const notFound = (): CardRead => ({ found: false, tried, ...(blocked.length ? { blocked } : {}) });
  const card = await getJson(fetch, direct, CARD_MEDIA_TYPE, signal).catch(failed(direct));
  if (card) return { found: true, url: direct, via: 'server-card', card: card.value, cors: card.cors, unreadable: card.unreadable };
  tried.push(catalogUrl);
  const catalog = await getJson(fetch, catalogUrl, 'application/json', signal).catch(failed(catalogUrl));
  const entries = isRecord(catalog?.value) ? own(catalog.value, 'entries') : undefined;
  const cards = (Array.isArray(entries) ? entries : []).filter(
    (entry): entry is Record<string, unknown> =>
      isRecord(entry) && own(entry, 'type') === CARD_MEDIA_TYPE && typeof own(entry, 'url') === 'string',
  );
  const entry = cards.find((candidate) => own(candidate, 'url') === direct) ?? (cards.length === 1 ? cards[0] : undefined);
  if (!entry) return notFound();
  const url = new URL(own(entry, 'url') as string, catalogUrl).href;
  // Only a card on this server's own origin is read: a catalog must not send Toolscope elsewhere.
  if (new URL(url).origin !== new URL(serverUrl).origin) return notFound();
  tried.push(url);
  const listed = await getJson(fetch, url, CARD_MEDIA_TYPE, signal).catch(failed(url));
  return listed ? { found: true, url, via: 'catalog', card: listed.value, cors: listed.cors, unreadable: listed.unreadable } : notFound();
}
