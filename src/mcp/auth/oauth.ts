// OAuth 2.1 for MCP servers, as a sequence of legs the user can watch (each step that
// can fail is shown with its HTTP exchanges, so a broken sign-in says where it broke):
// challenge → protected resource metadata → authorization server metadata (issuer checked,
// PKCE S256 required) → client (pre-registered id, else Toolscope's Client ID Metadata
// Document, else Dynamic Client Registration) → authorization request (PKCE S256 + resource)
// → callback (state and iss checked) → token exchange. Each leg records its raw HTTP
// exchanges (secrets masked); a leg the browser's CORS blocks is retried through Toolscope's
// loopback proxy when there is one. The protocol work is the official SDK's; the sequencing,
// checks and explanations are ours. No React here.
import {
  checkResourceAllowed,
  computeScopeUnion,
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  refreshAuthorization,
  registerClient,
  resourceUrlFromServerUrl,
  startAuthorization,
  validateAuthorizationResponseIssuer,
} from '@modelcontextprotocol/client';
import type {
  DpopSession,
  AuthorizationServerMetadata,
  OAuthClientInformationMixed,
  OAuthProtectedResourceMetadata,
} from '@modelcontextprotocol/client';
import type { OAuthChallenge } from '../errors.ts';
import { isLoopbackHostname, webUrl } from '../links.ts';
import type { ProxySession } from '../wire/proxy.ts';
import type { CallbackMessage } from './oauthCallback.ts';
import type { FetchLike } from '../recording/traffic.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

export type { OAuthChallenge };
export { OAuthFlowError, type LegName, type OAuthExchange, type OAuthLeg } from './oauthLegs.ts';
import { OAuthFlowError, recordingFetch, type LegName, type OAuthLeg } from './oauthLegs.ts';

/** What a finished sign-in gives: the bearer token and what is needed to refresh it. */
export interface OAuthGrant {
  accessToken: string;
  refreshToken?: string;
  scope?: string;
  /** Epoch ms; undefined when the server did not say. */
  expiresAt?: number;
  /** A DPoP-bound token (RFC 9449): presented with this session's proofs, never as Bearer. */
  dpop?: DpopSession;
  clientId: string;
  resource?: string;
  issuer: string;
  metadata: AuthorizationServerMetadata;
}

export type CallbackParams = Partial<CallbackMessage>;

export interface OAuthFlowOptions {
  serverUrl: string;
  challenge?: OAuthChallenge;
  /** A client id registered with the authorization server by hand. */
  clientId?: string;
  /** Its secret, for a confidential pre-registered client (sent as the server's metadata asks). */
  clientSecret?: string;
  /** Toolscope's Client ID Metadata Document URL (its own client_id). */
  clientMetadataUrl?: string;
  redirectUri: string;
  /** Scopes already granted (step-up asks for the union). */
  grantedScope?: string;
  fetch: FetchLike;
  proxy?: ProxySession;
  onChange?: (legs: readonly OAuthLeg[]) => void;
  /**
   * Where the authorization server offers DPoP (dpop_signing_alg_values_supported), a signing
   * session to bind the token to (SEP-1932). Without it the flow asks for a Bearer token only.
   */
  dpop?: () => Promise<DpopSession>;
}

const describe = (error: unknown) => errorMessage(error);
const randomState = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
};

export class OAuthFlow {
  readonly legs: OAuthLeg[] = [];
  #resource?: string;
  #issuer?: string;
  #metadata?: AuthorizationServerMetadata;
  #client?: OAuthClientInformationMixed;
  #state?: string;
  #verifier?: string;

  constructor(private readonly options: OAuthFlowOptions) {}

  get state(): string | undefined {
    return this.#state;
  }

  #changed = () => this.options.onChange?.([...this.legs]);

  async #leg<T>(name: LegName, title: string, run: (fetch: FetchLike, leg: OAuthLeg) => Promise<T>, done: (value: T) => string) {
    const leg: OAuthLeg = { name, title, status: 'running', sentence: 'Working…', exchanges: [] };
    this.legs.push(leg);
    this.#changed();
    try {
      const value = await run(recordingFetch(leg, this.options.fetch, this.options.proxy, this.#changed), leg);
      if (leg.status === 'running') leg.status = 'ok';
      leg.sentence = done(value);
      this.#changed();
      return value;
    } catch (error) {
      leg.status = 'failed';
      leg.sentence = error instanceof OAuthFlowError ? error.message : `${title} failed: ${describe(error)}`;
      this.#changed();
      throw error instanceof OAuthFlowError ? error : new OAuthFlowError(name, leg.sentence);
    }
  }

  /** Runs every leg up to the authorization request; returns the URL the user must open. */
  async prepare(): Promise<string> {
    const { serverUrl, challenge, grantedScope } = this.options;
    await this.#challengeLeg();
    const prm = await this.#resourceMetadataLeg();
    if (prm && !checkResourceAllowed({ requestedResource: serverUrl, configuredResource: prm.resource })) {
      throw this.#fail(
        'resource-metadata',
        `The metadata is for resource ${prm.resource}, which does not cover ${serverUrl}; refusing to get a token for the wrong resource.`,
      );
    }
    this.#resource = prm?.resource ?? resourceUrlFromServerUrl(serverUrl).href;
    const metadata = await this.#authorizationServerLeg(prm?.authorization_servers?.[0] ?? new URL(serverUrl).origin);
    this.#issuer = metadata.issuer;
    this.#metadata = metadata;
    // offline_access asks for a refresh token where the authorization server offers it (SEP-2207),
    // so "Stay signed in" survives the access token's expiry.
    const offline = metadata.scopes_supported?.includes('offline_access') ? 'offline_access' : undefined;
    const wanted = challenge?.scope ?? prm?.scopes_supported?.join(' ');
    const scope = computeScopeUnion(grantedScope, wanted && offline ? `${wanted} ${offline}` : wanted);
    this.#client = await this.#clientLeg(metadata, scope);
    return this.#authorizeLeg(metadata, scope);
  }

  /** What the server's 401 said (WWW-Authenticate). */
  #challengeLeg(): Promise<void> {
    const { challenge } = this.options;
    return this.#leg(
      'challenge',
      'Challenge',
      (_fetch, leg) => {
        if (!challenge?.resourceMetadataUrl) leg.status = 'warn';
        return Promise.resolve();
      },
      () =>
        challenge?.resourceMetadataUrl
          ? `The server answered HTTP ${challenge.status} and named its protected resource metadata: ${challenge.resourceMetadataUrl}${challenge.scope ? ` (scope “${challenge.scope}”)` : ''}.`
          : `The server gave no resource_metadata in WWW-Authenticate${challenge ? '' : ' (or the browser could not read that header: it must be in Access-Control-Expose-Headers)'}; looking in the well-known places.`,
    );
  }

  /** RFC 9728: the protected resource metadata (optional before 2025-06-18). */
  #resourceMetadataLeg(): Promise<OAuthProtectedResourceMetadata | undefined> {
    const { serverUrl, challenge } = this.options;
    return this.#leg(
      'resource-metadata',
      'Protected resource metadata',
      async (fetch, leg) => {
        try {
          return await discoverOAuthProtectedResourceMetadata(serverUrl, { resourceMetadataUrl: challenge?.resourceMetadataUrl }, fetch);
        } catch (error) {
          if (challenge?.resourceMetadataUrl) throw error;
          leg.status = 'warn';
          return undefined;
        }
      },
      (found: OAuthProtectedResourceMetadata | undefined) =>
        found
          ? `Resource ${found.resource}; authorization server ${found.authorization_servers?.join(', ') ?? '(none named)'}${found.scopes_supported?.length ? `; scopes ${found.scopes_supported.join(' ')}` : ''}.`
          : `No protected resource metadata found (RFC 9728); falling back to ${new URL(serverUrl).origin} as the authorization server, as 2025-03-26 servers expect.`,
    );
  }

  /** RFC 8414 / OpenID discovery, PKCE S256 required, endpoints web URLs only. */
  #authorizationServerLeg(authorizationServer: string): Promise<AuthorizationServerMetadata> {
    return this.#leg(
      'authorization-server',
      'Authorization server metadata',
      async (fetch) => {
        const found = await discoverAuthorizationServerMetadata(authorizationServer, { fetchFn: fetch });
        if (!found)
          throw new OAuthFlowError(
            'authorization-server',
            `No authorization server metadata at ${authorizationServer} (tried /.well-known/oauth-authorization-server and openid-configuration).`,
          );
        if (!found.code_challenge_methods_supported?.includes('S256'))
          throw new OAuthFlowError(
            'authorization-server',
            `${found.issuer} does not advertise PKCE S256 (code_challenge_methods_supported); MCP clients must refuse to continue.`,
          );
        const endpoints = [found.authorization_endpoint, found.token_endpoint, found.registration_endpoint]; // registration too
        const refused = endpoints.find((endpoint) => endpoint !== undefined && !webUrl(endpoint));
        if (refused)
          throw new OAuthFlowError(
            'authorization-server',
            `Refusing a non-https endpoint: ${refused}. Only https (or http on this machine).`,
          );
        return found;
      },
      (found) =>
        `Issuer ${found.issuer} matches the metadata URL. Client ID Metadata Documents: ${found.client_id_metadata_document_supported ? 'yes' : 'no'}; Dynamic Client Registration: ${found.registration_endpoint ? 'yes' : 'no'}; iss in the redirect: ${found.authorization_response_iss_parameter_supported ? 'yes' : 'no'}.`,
    );
  }

  /** Who Toolscope is to the authorization server: a pre-registered id, a Client ID Metadata Document, or DCR. */
  #clientLeg(metadata: AuthorizationServerMetadata, scope: string | undefined): Promise<OAuthClientInformationMixed & { how: string }> {
    return this.#leg(
      'client',
      'Client identity',
      async (fetch): Promise<OAuthClientInformationMixed & { how: string }> => {
        const { clientId, clientSecret, clientMetadataUrl, redirectUri } = this.options;
        if (clientId?.trim())
          return {
            client_id: clientId.trim(),
            ...(clientSecret ? { client_secret: clientSecret } : {}),
            how: `the pre-registered client id “${clientId.trim()}” (its registered redirect URIs must include ${redirectUri})`,
          };
        // An authorization server elsewhere cannot fetch a document from this machine.
        const reachable =
          clientMetadataUrl &&
          (!isLoopbackHostname(new URL(clientMetadataUrl).hostname) || isLoopbackHostname(new URL(metadata.issuer).hostname));
        if (metadata.client_id_metadata_document_supported && clientMetadataUrl && reachable)
          return { client_id: clientMetadataUrl, how: `Toolscope’s Client ID Metadata Document ${clientMetadataUrl}` };
        if (metadata.registration_endpoint) {
          const registered = await registerClient(metadata.issuer, {
            metadata,
            clientMetadata: {
              client_name: 'Toolscope',
              redirect_uris: [redirectUri],
              // SEP-837: a loopback redirect is a native application's (RFC 8252); elsewhere, a web one's.
              application_type: isLoopbackHostname(new URL(redirectUri).hostname) ? 'native' : 'web',
              grant_types: ['authorization_code', 'refresh_token'],
              response_types: ['code'],
              token_endpoint_auth_method: 'none',
            },
            scope,
            fetchFn: fetch,
          });
          return { ...registered, how: `a client registered just now by Dynamic Client Registration (${registered.client_id})` };
        }
        throw new OAuthFlowError(
          'client',
          `${metadata.issuer} offers no way for Toolscope to identify itself (no Client ID Metadata Documents${reachable ? '' : ' it could reach'}, no registration endpoint). Enter a client id registered for ${redirectUri}.`,
        );
      },
      (client) => `Using ${client.how}.`,
    );
  }

  /** The authorization request (PKCE S256, state, resource): the URL the person opens. */
  #authorizeLeg(metadata: AuthorizationServerMetadata, scope: string | undefined): Promise<string> {
    return this.#leg(
      'authorize',
      'Authorization request',
      async (_fetch, leg) => {
        this.#state = randomState();
        const { authorizationUrl, codeVerifier } = await startAuthorization(metadata.issuer, {
          metadata,
          clientInformation: this.#client ?? { client_id: '' },
          redirectUrl: this.options.redirectUri,
          scope,
          state: this.#state,
          resource: this.#resource,
        });
        this.#verifier = codeVerifier;
        leg.status = 'waiting';
        leg.exchanges.push({ method: 'GET', url: authorizationUrl.href, via: 'browser', requestHeaders: [] });
        return authorizationUrl.href;
      },
      () =>
        `PKCE S256 challenge made, resource ${this.#resource}${scope ? `, scope “${scope}”` : ''}. Open the sign-in page; Toolscope waits for the redirect back.`,
    );
  }

  /** What the callback page needs to check an answer, without secrets. */
  get pendingRecord(): { issuer: string; issParameterSupported: boolean } | undefined {
    return this.#issuer && this.#metadata
      ? { issuer: this.#issuer, issParameterSupported: this.#metadata.authorization_response_iss_parameter_supported === true }
      : undefined;
  }

  /** Checks the redirect back and exchanges the code for a token. */
  async complete(params: CallbackParams): Promise<OAuthGrant> {
    const authorize = this.legs.find((leg) => leg.name === 'authorize');
    if (authorize) authorize.status = 'ok';
    const metadata = this.#metadata;
    const client = this.#client;
    if (!metadata || !client || !this.#verifier) throw new OAuthFlowError('callback', 'No sign-in is in progress.');
    const code = await this.#leg(
      'callback',
      'Redirect back',
      () => {
        if (params.state !== this.#state)
          throw new OAuthFlowError(
            'callback',
            'The state in the redirect does not match this sign-in (a forged or stale answer); refused.',
          );
        try {
          validateAuthorizationResponseIssuer({
            iss: params.iss,
            expectedIssuer: metadata.issuer,
            issParameterSupported: metadata.authorization_response_iss_parameter_supported === true,
          });
        } catch {
          throw new OAuthFlowError(
            'callback',
            `The redirect names issuer “${params.iss ?? '(none)'}” but this sign-in went to ${metadata.issuer} (a mix-up attack or a misconfigured server); refused.`,
          );
        }
        if (params.error)
          throw new OAuthFlowError(
            'callback',
            `The authorization server answered error “${params.error}”${params.error_description ? `: ${params.error_description}` : ''}.`,
          );
        if (!params.code) throw new OAuthFlowError('callback', 'The redirect carried neither a code nor an error.');
        return Promise.resolve(params.code);
      },
      () =>
        `State matches; issuer ${params.iss ? `“${params.iss}” matches` : 'not sent (the server does not support RFC 9207)'}; got an authorization code.`,
    );
    return this.#leg(
      'token',
      'Token exchange',
      async (fetch) => {
        const offered = (metadata as { dpop_signing_alg_values_supported?: unknown }).dpop_signing_alg_values_supported;
        const dpop = this.options.dpop && Array.isArray(offered) && offered.length ? await this.options.dpop() : undefined;
        const tokens = await exchangeAuthorization(metadata.issuer, {
          ...(dpop ? { dpop } : {}),
          metadata,
          clientInformation: client,
          authorizationCode: code,
          iss: params.iss,
          codeVerifier: this.#verifier ?? '',
          redirectUri: this.options.redirectUri,
          resource: this.#resource,
          fetchFn: fetch,
        });
        this.#verifier = undefined;
        const bound = dpop !== undefined && tokens.token_type.toLowerCase() === 'dpop';
        if (tokens.token_type.toLowerCase() !== 'bearer' && !bound)
          throw new OAuthFlowError('token', `The token type is “${tokens.token_type}”; Toolscope sends Bearer tokens only here.`);
        return {
          ...(bound ? { dpop } : {}),
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token,
          scope: tokens.scope,
          expiresAt: tokens.expires_in ? Date.now() + tokens.expires_in * 1000 : undefined,
          clientId: client.client_id,
          resource: this.#resource,
          issuer: metadata.issuer,
          metadata,
        } satisfies OAuthGrant;
      },
      (grant) => {
        const proxied = this.legs.at(-1)?.exchanges.some((exchange) => exchange.via === 'proxy');
        return `Got a Bearer token${grant.scope ? ` for scope “${grant.scope}”` : ''}${
          grant.expiresAt ? `, valid for ${Math.round((grant.expiresAt - Date.now()) / 1000)} s` : ''
        }${grant.refreshToken ? ', with a refresh token' : ''}${proxied ? ' — the token endpoint refused browser CORS, so Toolscope exchanged the code through its local proxy' : ''}.`;
      },
    );
  }

  #fail(name: LegName, sentence: string): OAuthFlowError {
    const leg = this.legs.find((candidate) => candidate.name === name);
    if (leg) {
      leg.status = 'failed';
      leg.sentence = sentence;
      this.#changed();
    }
    return new OAuthFlowError(name, sentence);
  }
}

/** A fresh access token from the grant's refresh token (through the proxy if the browser is blocked). */
export async function refreshGrant(grant: OAuthGrant, fetchImpl: FetchLike, proxy?: ProxySession): Promise<OAuthGrant> {
  if (!grant.refreshToken) throw new OAuthFlowError('token', 'No refresh token: sign in again.');
  const leg: OAuthLeg = { name: 'token', title: 'Refresh', status: 'running', sentence: '', exchanges: [] };
  const tokens = await refreshAuthorization(grant.issuer, {
    metadata: grant.metadata,
    clientInformation: { client_id: grant.clientId },
    refreshToken: grant.refreshToken,
    resource: grant.resource,
    fetchFn: recordingFetch(leg, fetchImpl, proxy, () => undefined),
  });
  return {
    ...grant,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? grant.refreshToken,
    scope: tokens.scope ?? grant.scope,
    expiresAt: tokens.expires_in ? Date.now() + tokens.expires_in * 1000 : undefined,
  };
}
