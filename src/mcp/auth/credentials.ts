// The bearer token on every request, as one layer of the fetch chain (see fetchChain.ts).
import { extractWWWAuthenticateParams, type Middleware } from '@modelcontextprotocol/client';
import { withChallenge, type McpFailure, type OAuthChallenge } from '../errors.ts';
import type { FetchLike } from '../recording/traffic.ts';

/**
 * Puts the current bearer token on every request — it can change while connected (a new
 * sign-in, a step-up to more scope) — and keeps the server's last auth challenge.
 */
export class Credentials {
  lastChallenge?: OAuthChallenge;
  #refreshing?: Promise<string | undefined>;
  constructor(
    public token: string | undefined,
    private readonly refresh?: () => Promise<string | undefined>,
  ) {}

  /** Whether the token came from a sign-in (it can be refreshed), not typed in by the person. */
  get fromSignIn(): boolean {
    return Boolean(this.token && this.refresh);
  }

  static #send(next: FetchLike, input: Parameters<FetchLike>[0], init: Parameters<FetchLike>[1], token: string | undefined) {
    if (!token) return next(input, init);
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return next(input, { ...init, headers });
  }

  /** A token other than `rejected`: one a concurrent request already got, else a refresh (shared). */
  async #renewed(rejected: string): Promise<string | undefined> {
    if (this.token !== rejected) return this.token;
    this.#refreshing ??= (async () => {
      try {
        const fresh = await this.refresh?.().catch(() => undefined);
        if (fresh && this.token === rejected) this.token = fresh;
        return fresh;
      } finally {
        this.#refreshing = undefined;
      }
    })();
    return this.#refreshing;
  }

  readonly middleware: Middleware = (next) => async (input, init) => {
    const used = this.token;
    let response = await Credentials.#send(next, input, init, used);
    // An expired access token: refresh it and send this request once more (a 401 means the
    // server did not act on it). The rejected exchange stays visible in Traffic.
    if (response.status === 401 && used && this.refresh) {
      const fresh = await this.#renewed(used);
      if (fresh && fresh !== used) {
        await response.body?.cancel().catch(() => undefined);
        response = await Credentials.#send(next, input, init, fresh);
      }
    }
    if (response.status === 401 || response.status === 403) {
      let params: ReturnType<typeof extractWWWAuthenticateParams> = {};
      try {
        params = extractWWWAuthenticateParams(response);
      } catch {
        // A malformed resource_metadata URL: keep the status alone.
      }
      const bearer = /^\s*bearer\b/i.test(response.headers.get('www-authenticate') ?? '');
      this.lastChallenge = {
        status: response.status,
        resourceMetadataUrl: params.resourceMetadataUrl?.href,
        scope: params.scope,
        error: params.error,
        errorDescription: params.errorDescription,
        bearer,
        bodyLine: bearer ? undefined : await firstLine(response),
      };
    }
    return response;
  };

  explain(failure: McpFailure): McpFailure {
    return withChallenge(failure, this.lastChallenge);
  }
}

/** The first line of a (small) refusal's body, read from a copy so the SDK still gets the answer whole. */
async function firstLine(response: Response): Promise<string | undefined> {
  try {
    // Bounded: a refusal whose body never ends must not hold the request up.
    const text = await Promise.race([response.clone().text(), new Promise<string>((resolve) => setTimeout(() => resolve(''), 2000))]);
    return text.trim().split(/\r?\n/)[0]?.slice(0, 200) || undefined;
  } catch {
    return undefined;
  }
}
