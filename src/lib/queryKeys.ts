// One key factory for react-query: every key is built here. Keys carry the server (its
// canonical key) and the authorization context (a 53-bit hash of the credentials, never the
// credentials themselves) so a private list is never served to other credentials.
export const queryKeys = {
  /** Every cached tool list of one server, whatever the credentials (what list_changed clears). */
  toolsOf: (server: string) => ['tools', server] as const,
  tools: (server: string, authContext: string) => ['tools', server, authContext] as const,
  /** One resource read through a result's link, as these credentials see it. */
  resource: (server: string, authContext: string, uri: string) => ['resource', server, authContext, uri] as const,
  /** What a report reads besides the list (app UI resources, skills), for one listing of one server. */
  reportReads: (server: string, authContext: string, listedAt: number) => ['report-reads', server, authContext, listedAt] as const,
  history: (server: string) => ['history', server] as const,
  saved: (server: string) => ['saved', server] as const,
  icon: (src: string, mimeType: string | undefined) => ['icon', src, mimeType ?? ''] as const,
  /** A server's skills as these credentials see them, and one file of one skill. */
  skills: (server: string, authContext: string) => ['skills', server, authContext, 'list'] as const,
  skillFile: (server: string, authContext: string, skill: string, file: string) =>
    ['skills', server, authContext, 'file', skill, file] as const,
  /** A server's prompts, resources or resource templates as these credentials see them (list_changed clears them). */
  offers: (server: string, authContext: string, kind: 'prompts' | 'resources' | 'templates') =>
    ['offers', server, authContext, kind] as const,
  /** One resource read through the Resources view. */
  offerRead: (server: string, authContext: string, uri: string) => ['offers', server, authContext, 'read', uri] as const,
  /** The server's completions for one argument's value, the other arguments as context. */
  completion: (server: string, authContext: string, ref: string, argument: string, value: string, context: string) =>
    ['offers', server, authContext, 'completion', ref, argument, value, context] as const,
  /** A registry's search results, and one server's versions there. */
  registrySearch: (base: string | undefined, search: string | undefined) => ['registry', base ?? '', search ?? ''] as const,
  registryVersions: (base: string, name: string) => ['registry-versions', base, name] as const,
  /** The taps running on this machine (Ctrl+K "Watch a tap"). */
  taps: () => ['taps'] as const,
};
