// Deep links: `?server=<url>` fills Server URL and connects at once;
// `&tool=<name>` then selects that tool; `&args=<JSON object>` (a shared call) fills its form.
export interface DeepLink {
  server?: string;
  tool?: string;
  /** Read once, when the page opens; the address bar drops it after. */
  args?: string;
}

export function readDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  return { server: params.get('server') ?? undefined, tool: params.get('tool') ?? undefined, args: params.get('args') ?? undefined };
}

/** The query string for the current state, preserving unrelated parameters. */
export function writeDeepLink(search: string, link: DeepLink): string {
  const params = new URLSearchParams(search);
  params.delete('args');
  for (const key of ['server', 'tool'] as const) {
    const value = link[key];
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
