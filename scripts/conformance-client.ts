// The conformance suite's client adapter: `npm run --silent conformance-client -- <server-url>`.
// It drives Toolscope's own protocol layer (src/mcp: McpConnection, OAuthFlow, the lenient
// parsers) the way the app does — connect, list every page, call — with a headless stand-in for
// the person (the sign-in page is fetched instead of opened, elicitations are accepted with
// the form's defaults). Contract: MCP_CONFORMANCE_SCENARIO names the scenario,
// MCP_CONFORMANCE_PROTOCOL_VERSION the wire, MCP_CONFORMANCE_CONTEXT any scenario data; exit 0
// when the plan succeeded.
import { McpConnection } from '../src/mcp/connection.ts';
import type { EraHint } from '../src/mcp/era.ts';
import { McpError, failureOf, type McpFailure } from '../src/mcp/errors.ts';
import { OAuthFlow, type OAuthGrant } from '../src/mcp/auth/oauth.ts';
import type { OAuthChallenge } from '../src/mcp/errors.ts';
import { elicitationAutoAnswer } from '../src/mcp/elicitation.ts';
import type { McpTool } from '../src/mcp/tools.ts';
import { walkPages } from '../src/mcp/pagination.ts';
import { machineSignIn, type MachineIdentity } from '../src/mcp/auth/machineAuth.ts';
import { DpopSession, withDpop } from '@modelcontextprotocol/client';
import type { FetchLike } from '../src/mcp/recording/traffic.ts';

const REDIRECT_URI = 'http://localhost:3000/callback';
// The suite's authorization servers accept a URL client id without fetching it.
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';
const MAX_SIGN_INS = 3;

const serverUrl = process.argv[2] ?? '';
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
const context = parseContext(process.env.MCP_CONFORMANCE_CONTEXT);

function parseContext(raw: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = raw ? JSON.parse(raw) : {};
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const log = (...parts: unknown[]) => console.error('[toolscope]', ...parts);

/** Dated versions up to 2025-11-25 speak the stateful (initialize) era; 2026-07-28 the stateless one. */
function eraHint(): EraHint | undefined {
  if (!version) return undefined;
  return version >= '2026-07-28' ? { era: 'modern', protocolVersion: version } : { era: 'legacy', protocolVersion: version };
}

/** The person who signs in: fetch the authorization URL, take the redirect's parameters. */
async function signIn(challenge: OAuthChallenge | undefined, grantedScope: string | undefined): Promise<OAuthGrant> {
  const flow = new OAuthFlow({
    serverUrl,
    challenge,
    clientId: text(context.client_id),
    clientSecret: text(context.client_secret),
    clientMetadataUrl: CLIENT_METADATA_URL,
    redirectUri: REDIRECT_URI,
    grantedScope,
    fetch: (input, init) => fetch(input, init),
    // Where the authorization server offers DPoP, the token is bound to a key (SEP-1932).
    dpop: () => DpopSession.create(),
  });
  const authorizationUrl = await flow.prepare();
  const answer = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`The authorization endpoint answered HTTP ${answer.status} without a redirect.`);
  const params = Object.fromEntries(new URL(location).searchParams);
  return flow.complete({ ...params, state: params.state ?? '' });
}

/** A connection that signs in when the server asks (401), and again for more scope (403). */
class Session {
  #connection?: McpConnection;
  /** A machine's fetch (its token, DPoP-signed where issued so): set before opening. */
  fetch?: FetchLike;
  #grant?: OAuthGrant;
  #signIns = 0;
  /** Runs while a call waits for the person's answer (before it is given). */
  beforeAnswer?: () => Promise<void>;

  async #authorize(failure: McpFailure): Promise<boolean> {
    if (failure.kind !== 'auth' || this.#signIns >= MAX_SIGN_INS) return false;
    // A second 401 for a token just issued, or a 403 not about scope: signing in again would loop.
    if (failure.status === 403 && failure.challenge?.error !== 'insufficient_scope') return false;
    this.#signIns++;
    const grant = await signIn(failure.challenge, this.#grant?.scope);
    this.#grant = grant;
    if (grant.dpop) {
      // A DPoP-bound token travels with a proof per request: a new connection through that fetch.
      const session = grant.dpop;
      this.fetch = withDpop(session, () => grant.accessToken)((input, init) => fetch(input, init));
      await this.#connection?.close();
      this.#connection = undefined;
      if (this.#opened) await this.open();
    } else this.#connection?.setBearerToken(grant.accessToken);
    return true;
  }

  async #withAuth<T>(run: () => Promise<T>): Promise<T> {
    for (;;) {
      try {
        return await run();
      } catch (error) {
        if (!(await this.#authorize(failureOf(error)))) throw error;
      }
    }
  }

  #opened = false;

  async open(): Promise<McpConnection> {
    this.#connection = await this.#withAuth(() =>
      McpConnection.connect({
        url: serverUrl,
        bearerToken: this.#grant?.dpop ? undefined : this.#grant?.accessToken,
        eraHint: eraHint(),
        ...(this.fetch ? { fetch: this.fetch } : {}),
      }),
    );
    const connection = this.#connection;
    connection.setElicitationHandler(async (request) => {
      await this.beforeAnswer?.();
      return request.mode === 'form'
        ? { action: 'accept', content: elicitationAutoAnswer(request.requestedSchema) }
        : { action: 'decline' };
    });
    log(`connected: ${connection.era} era, protocol ${connection.protocolVersion}`);
    this.#opened = true;
    return connection;
  }

  /** Every page, as the tool list does. */
  async listTools(): Promise<McpTool[]> {
    const connection = this.#connection ?? (await this.open());
    // After a DPoP sign-in the connection is a new one: each retry asks for the current one.
    const { pages } = await walkPages((cursor) => this.#withAuth(() => (this.#connection ?? connection).listToolsPage(cursor)));
    const tools: McpTool[] = pages.flatMap((page) => page.tools);
    for (const finding of pages.flatMap((page) => page.findings)) log('finding:', finding);
    for (const tool of tools) if (tool.unusable) log(`left out ${tool.name}: ${tool.unusable}`);
    return tools;
  }

  async call(tool: McpTool | string, args: Record<string, unknown>) {
    const connection = this.#connection ?? (await this.open());
    const result = await this.#withAuth(() => (this.#connection ?? connection).callTool(tool, args));
    log(`called ${typeof tool === 'string' ? tool : tool.name}: ${result.isError ? 'isError' : 'ok'}`);
    return result;
  }

  /** The server's skills, through the SDK's host side (src/mcp/skills.ts). */
  async skills() {
    const connection = this.#connection ?? (await this.open());
    return connection.skills();
  }

  async close() {
    await this.#connection?.close();
  }
}

/**
 * A host loading skills: list them (nothing is read then: no prefetch), then — only when `load` —
 * each skill's SKILL.md, verified; a skill that fails is not loaded, so its other files are never read.
 */
async function loadSkills(session: Session, load: boolean): Promise<void> {
  const host = await session.skills();
  const { skills, invalid } = await host.list();
  log(`skills: ${skills.length} listed, ${invalid.length} refused`);
  if (!load) return;
  for (const skill of skills) {
    const manifest = await host.read(skill);
    if (!manifest.ok) {
      log(`not loaded: ${skill.frontmatter.name}: ${manifest.reason}: ${manifest.message}`);
      continue;
    }
    if (skill.resources === 'dynamic') continue;
    for (const resource of skill.resources) {
      if (resource.uri === skill.uri) continue;
      const file = await host.read(skill, resource.uri);
      log(file.ok ? `read ${resource.uri}: verified` : `not used: ${resource.uri}: ${file.reason}`);
    }
  }
}

// Arguments the suite's fake servers check, by tool name (as its own example client sends them).
const ARGUMENTS: Record<string, Record<string, unknown>> = {
  test_custom_headers: {
    region: 'us-west1',
    priority: 42,
    verbose: false,
    debug: true,
    empty_val: '',
    method_val: 'tools/call',
    float_val: 3.14,
    non_ascii_val: 'Zürich',
    whitespace_val: '  padded  ',
    leading_space_val: ' lead',
    trailing_space_val: 'trail ',
    internal_space_val: 'a b c',
    control_char_val: 'bell\u0007',
    crlf_val: 'line\r\nbreak',
    tab_val: '\ttabbed',
    query: 'find things',
  },
  test_custom_headers_null: { region: 'eu-central1', priority: 7, verbose: null, query: 'q' },
};

/** The machine identity an auth-extension scenario hands over in its context (none for the others). */
function machineIdentity(): { identity: MachineIdentity; dpop: boolean } | undefined {
  const clientId = text(context.client_id) ?? '';
  const secret = text(context.client_secret);
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return secret ? { identity: { kind: 'client-secret', clientId, clientSecret: secret }, dpop: false } : undefined;
    case 'auth/client-credentials-jwt': {
      const key = text(context.private_key_pem);
      const algorithm = text(context.signing_algorithm) ?? 'ES256';
      return key ? { identity: { kind: 'private-key-jwt', clientId, privateKey: key, algorithm }, dpop: false } : undefined;
    }
    case 'auth/dpop':
    case 'auth/dpop-nonce':
      return secret ? { identity: { kind: 'client-secret', clientId, clientSecret: secret }, dpop: true } : undefined;
    case 'auth/wif-jwt-bearer': {
      const jwt = text(context.valid_jwt);
      return jwt ? { identity: { kind: 'jwt-bearer', clientId, assertion: jwt }, dpop: false } : undefined;
    }
    case 'auth/enterprise-managed-authorization': {
      const tokenEndpoint = text(context.idp_token_endpoint);
      const idToken = text(context.idp_id_token);
      const idpClientId = text(context.idp_client_id);
      if (!secret || !tokenEndpoint || !idToken || !idpClientId) return undefined;
      return {
        identity: { kind: 'enterprise', clientId, clientSecret: secret, idp: { tokenEndpoint, clientId: idpClientId, idToken } },
        dpop: false,
      };
    }
    default:
      return undefined;
  }
}

async function run(): Promise<void> {
  const session = new Session();
  const machine = machineIdentity();
  if (machine) {
    const grant = await machineSignIn(serverUrl, machine.identity, {
      dpop: machine.dpop,
      // The suite hands some scenarios a secret without the issuer it belongs to and expects discovery:
      // this driver alone may send it to the authorization server the test server names.
      ...(text(context.issuer) ? { issuer: text(context.issuer) } : { trustDiscoveredIssuer: true }),
      fetch: (input, init) => fetch(input, init),
    });
    log(`signed in as a machine (${machine.identity.kind}${machine.dpop ? ', DPoP' : ''}): ${grant.tokenType} token`);
    session.fetch = grant.authorize((input, init) => fetch(input, init));
  }
  try {
    const tools = await session.listTools();
    const find = (name: string) => tools.find((tool) => tool.name === name);
    switch (scenario) {
      case 'initialize':
      case 'json-schema-ref-no-deref':
      case 'request-metadata':
      case 'auth/pre-registration':
        return; // connecting and listing is the whole plan
      case 'json-schema-2020-12-preservation': {
        const focal = find('json_schema_2020_12_tool');
        if (!focal) throw new Error('json_schema_2020_12_tool is not listed');
        await session.call('json_schema_echo', { schema: focal.inputSchema });
        return;
      }
      case 'sep-2322-client-request-state': {
        // While echo_state waits for its answer, another call goes out: it must carry none of that state.
        let once = false;
        session.beforeAnswer = async () => {
          if (once) return;
          once = true;
          await session.call('test_mrtr_unrelated', {});
        };
        for (const name of ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_no_result_type']) await session.call(name, {});
        return;
      }
      case 'sep-2640-client-no-prefetch':
        await loadSkills(session, false);
        return;
      case 'sep-2640-client-verify-digest':
      case 'sep-2640-client-verify-size':
      case 'sep-2640-client-verify-frontmatter':
        await loadSkills(session, true);
        return;
      case 'elicitation-sep1034-client-defaults':
        await session.call('test_client_elicitation_defaults', {});
        return;
      default: {
        // Call what can be called: the scenario's named tools with their arguments, else the first tool.
        const named = tools.filter((tool) => ARGUMENTS[tool.name] !== undefined || tool.name === 'test-tool');
        const targets = named.length ? named : tools.filter((tool) => !tool.unusable).slice(0, 1);
        for (const tool of targets) {
          if (tool.unusable) continue;
          await session.call(tool, ARGUMENTS[tool.name] ?? (tool.name === 'test-tool' ? {} : { a: 2, b: 3 }));
        }
      }
    }
  } finally {
    await session.close();
  }
}

if (!serverUrl) {
  console.error('usage: npm run --silent conformance-client -- <server-url>   (MCP_CONFORMANCE_SCENARIO names the scenario)');
  process.exit(2);
}
run().then(
  () => process.exit(0),
  (error: unknown) => {
    log(error instanceof McpError ? `${error.failure.kind}: ${error.message}` : error);
    process.exit(1);
  },
);
