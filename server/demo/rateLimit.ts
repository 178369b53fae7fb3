// Per-client limit on tool calls: one runaway agent loop (or a hostile client) must not be able
// to spend the server's stock, money or upstream quotas. A sliding window per client: its
// authorization context, or "anonymous" for all callers without one (a stateless server has
// nothing else to tell them apart by).
export interface RateLimit {
  /** Calls allowed per window, per client. */
  calls: number;
  windowMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { calls: 100, windowMs: 10_000 };
const MAX_CLIENTS = 10_000;

export class CallLimiter {
  readonly #calls = new Map<string, number[]>();
  constructor(
    readonly limit: RateLimit = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a call; when over the limit, how long until the next one is allowed (ms), and the call is not counted. */
  take(client: string): { allowed: true } | { allowed: false; retryAfterMs: number } {
    const now = this.now();
    const recent = (this.#calls.get(client) ?? []).filter((at) => at > now - this.limit.windowMs);
    if (recent.length >= this.limit.calls) {
      this.#calls.set(client, recent);
      return { allowed: false, retryAfterMs: (recent[0] ?? now) + this.limit.windowMs - now };
    }
    recent.push(now);
    this.#calls.delete(client);
    this.#calls.set(client, recent);
    // Bounded memory: the least recently seen clients go first.
    while (this.#calls.size > MAX_CLIENTS) {
      const oldest = this.#calls.keys().next().value;
      if (oldest === undefined) break;
      this.#calls.delete(oldest);
    }
    return { allowed: true };
  }
}
