// Machine sign-in (no person, no browser): the OAuth Client Credentials extension
// (io.modelcontextprotocol/oauth-client-credentials, SEP-1046) with a client secret
// (client_secret_basic) or a private-key JWT (RFC 7523), a workload's own JWT as the grant
// (RFC 7523 §2.1), and DPoP-bound tokens (RFC 9449) where asked. Discovery, the token request and
// DPoP proofs are the SDK's (its auth() and providers); this picks the provider and hands back a
// fetch that presents the token the way it was issued.
import {
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  requestJwtAuthorizationGrant,
  DpopSession,
  PrivateKeyJwtProvider,
  auth,
  withDpop,
  type FetchLike,
  type OAuthClientProvider,
  type OAuthClientMetadata,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';

export type MachineIdentity =
  | { kind: 'client-secret'; clientId: string; clientSecret: string }
  | { kind: 'private-key-jwt'; clientId: string; privateKey: string; algorithm: string }
  /** A workload identity: a JWT its platform issued, presented as the grant (jwt-bearer). */
  | { kind: 'jwt-bearer'; clientId: string; assertion: string }
  /**
   * Enterprise-managed authorization (SEP-990): the enterprise IdP's ID token exchanged there for
   * an ID-JAG (RFC 8693), which the server's authorization server takes as a jwt-bearer grant.
   */
  | {
      kind: 'enterprise';
      clientId: string;
      clientSecret: string;
      idp: { tokenEndpoint: string; clientId: string; idToken: string; clientSecret?: string };
    };

export interface MachineSignInOptions {
  scope?: string;
  /** The authorization server the credentials belong to: they are sent to no other (SEP-2352). */
  issuer?: string;
  /**
   * Send a secret to whichever authorization server the MCP server names. Only the conformance
   * driver sets it (its scenarios hand over a secret without an issuer and expect discovery);
   * every product path names the issuer.
   */
  trustDiscoveredIssuer?: boolean;
  /** Ask for a DPoP-bound token and sign every request with a proof. */
  dpop?: boolean;
  fetch?: FetchLike;
}

export interface MachineGrant {
  tokenType: string;
  /** The token itself: for the known secrets (never printed, never kept), nothing else. */
  secret: string;
  scope?: string;
  /** Wraps a fetch so each request carries the token the way it was issued (Bearer, or DPoP with a proof). */
  authorize: (fetch: FetchLike) => FetchLike;
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** RFC 7523 §2.1: the workload's JWT is the grant itself; the client authenticates with nothing more. */
class JwtBearerProvider implements OAuthClientProvider {
  #tokens?: StoredOAuthTokens;
  constructor(
    private readonly clientId: string,
    private readonly assertion: string,
    private readonly scope?: string,
  ) {}
  get redirectUrl(): undefined {
    return undefined;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'toolscope', redirect_uris: [], grant_types: [JWT_BEARER], token_endpoint_auth_method: 'none' };
  }
  clientInformation(): StoredOAuthClientInformation {
    return { client_id: this.clientId };
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.#tokens = tokens;
  }
  redirectToAuthorization(): void {
    throw new Error('A workload identity never redirects to a person.');
  }
  saveCodeVerifier(): void {}
  codeVerifier(): string {
    throw new Error('No authorization code in a jwt-bearer grant.');
  }
  prepareTokenRequest(scope?: string): URLSearchParams {
    const params = new URLSearchParams({ grant_type: JWT_BEARER, assertion: this.assertion });
    const wanted = scope ?? this.scope;
    if (wanted) params.set('scope', wanted);
    return params;
  }
}

function providerFor(identity: MachineIdentity, options: MachineSignInOptions): OAuthClientProvider {
  const common = { clientId: identity.clientId, clientName: 'toolscope', ...(options.scope ? { scope: options.scope } : {}) };
  const issuer = options.issuer ? { expectedIssuer: options.issuer } : {};
  switch (identity.kind) {
    case 'client-secret':
      return new ClientCredentialsProvider({ ...common, ...issuer, clientSecret: identity.clientSecret });
    case 'private-key-jwt':
      return new PrivateKeyJwtProvider({ ...common, ...issuer, privateKey: identity.privateKey, algorithm: identity.algorithm });
    case 'jwt-bearer':
      return new JwtBearerProvider(identity.clientId, identity.assertion, options.scope);
    case 'enterprise': {
      const { idp } = identity;
      return new CrossAppAccessProvider({
        ...common,
        ...issuer,
        clientSecret: identity.clientSecret,
        ...(options.fetch ? { fetchFn: options.fetch } : {}),
        assertion: async (context) =>
          (
            await requestJwtAuthorizationGrant({
              tokenEndpoint: idp.tokenEndpoint,
              audience: context.authorizationServerUrl,
              resource: context.resourceUrl,
              idToken: idp.idToken,
              clientId: idp.clientId,
              ...(idp.clientSecret ? { clientSecret: idp.clientSecret } : {}),
              ...(context.scope ? { scope: context.scope } : {}),
              fetchFn: context.fetchFn,
            })
          ).jwtAuthGrant,
      });
    }
  }
}

/** Gets a token for the MCP server at `serverUrl` as this machine; throws the SDK's OAuth error when refused. */
export async function machineSignIn(
  serverUrl: string,
  identity: MachineIdentity,
  options: MachineSignInOptions = {},
): Promise<MachineGrant> {
  // A secret is sent only to the authorization server named for it (the SDK warns that, without
  // expectedIssuer, it goes to whichever one the MCP server names).
  if ((identity.kind === 'client-secret' || identity.kind === 'enterprise') && !options.issuer && !options.trustDiscoveredIssuer)
    throw new Error('A client secret is sent only to the authorization server named for it: give its issuer.');
  const provider = providerFor(identity, options);
  const session = options.dpop ? await DpopSession.create() : undefined;
  // The SDK binds the token request to the session when the provider offers one (SEP-1932).
  if (session) Object.assign(provider, { dpop: () => session });
  const result = await auth(provider, {
    serverUrl,
    ...(options.scope ? { scope: options.scope } : {}),
    ...(options.fetch ? { fetchFn: options.fetch } : {}),
  });
  const tokens = await provider.tokens();
  if (result !== 'AUTHORIZED' || !tokens?.access_token) throw new Error('The authorization server issued no access token.');
  const token = tokens.access_token;
  const tokenType = tokens.token_type || 'Bearer';
  const dpopBound = session !== undefined && tokenType.toLowerCase() === 'dpop';
  return {
    tokenType,
    secret: token,
    ...(tokens.scope ? { scope: tokens.scope } : {}),
    authorize: (fetch) => {
      if (dpopBound) return withDpop(session, () => token)(fetch);
      return (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('Authorization', `Bearer ${token}`);
        return fetch(input, { ...init, headers });
      };
    },
  };
}
