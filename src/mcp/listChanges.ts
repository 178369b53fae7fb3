// What the server says changed, in either era — the one place that listens: 2025 notifications,
// or a 2026-07-28 `subscriptions/listen` stream (the SDK dispatches its notifications to the same
// handlers). The tool list's watch and the prompts/resources watch both go through `#watch`.
import type { Client } from '@modelcontextprotocol/client';

/** What the server said changed among prompts and resources: a list, or one resource (resources/updated). */
export type OfferChange = { kind: 'prompts' } | { kind: 'resources' } | { kind: 'updated'; uri: string };

type Handlers = Record<string, (params: unknown) => void>;
type Filter = {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
};

export class ListChanges {
  readonly #client: () => Client;
  readonly #modern: () => boolean;

  constructor(client: () => Client, modern: () => boolean) {
    this.#client = client;
    this.#modern = modern;
  }

  /** Handlers set, then (2026) a listen stream for `filter`; the stop function removes both. */
  async #watch(handlers: Handlers, filter: Filter | undefined): Promise<{ stop: () => void; streamed: boolean }> {
    const client = this.#client();
    for (const [method, handle] of Object.entries(handlers))
      client.setNotificationHandler(method as never, (notification: { params?: unknown }) => handle(notification.params));
    const stream = this.#modern() && filter ? await client.listen(filter).catch(() => undefined) : undefined;
    return {
      streamed: stream !== undefined,
      stop: () => {
        for (const method of Object.keys(handlers)) client.removeNotificationHandler(method);
        void stream?.close().catch(() => undefined);
      },
    };
  }

  /** Calls `onChanged` whenever the server says its tool list changed. Returns a stop function. */
  async watchTools(onChanged: () => void): Promise<() => void> {
    const listChanged = this.#client().getServerCapabilities()?.tools?.listChanged === true;
    const { stop } = await this.#watch(
      { 'notifications/tools/list_changed': () => onChanged() },
      listChanged ? { toolsListChanged: true } : undefined,
    );
    return stop;
  }

  /**
   * Calls `onChange` when the server says its prompts or resources changed, or that one of
   * `resources` (subscribed when `offered.subscribe`) was updated. Returns a stop function (it unsubscribes).
   */
  async watchOffers(
    onChange: (change: OfferChange) => void,
    offered: { prompts: boolean; resources: boolean; subscribe: boolean },
    resources: readonly string[] = [],
  ): Promise<() => void> {
    const subscribed = offered.subscribe ? [...resources] : [];
    const { stop, streamed } = await this.#watch(
      {
        'notifications/prompts/list_changed': () => onChange({ kind: 'prompts' }),
        'notifications/resources/list_changed': () => onChange({ kind: 'resources' }),
        'notifications/resources/updated': (params) => {
          const uri = (params as { uri?: unknown } | undefined)?.uri;
          if (typeof uri === 'string') onChange({ kind: 'updated', uri });
        },
      },
      { promptsListChanged: offered.prompts, resourcesListChanged: offered.resources, resourceSubscriptions: subscribed },
    );
    // 2025: each resource subscribed by its own request (a 2026 stream carries them).
    const client = this.#client();
    if (!this.#modern()) await Promise.all(subscribed.map((uri) => client.subscribeResource({ uri }).catch(() => undefined)));
    return () => {
      stop();
      if (!streamed && !this.#modern()) for (const uri of subscribed) void client.unsubscribeResource({ uri }).catch(() => undefined);
    };
  }
}
