// One key factory for react-query: every key is built here. Keys carry the server (its
// canonical key) and the authorization context (a 53-bit hash of the credentials, never the
// credentials themselves) so a private list is never served to other credentials.
export const queryKeys = {
  /** Every cached tool list of one server, whatever the credentials (what list_changed clears). */
  toolsOf: (server: string) => ['tools', server] as const,
  tools: (server: string, authContext: string) => ['tools', server, authContext] as const,
  resource: (server: string, uri: string) => ['resource', server, uri] as const,
  history: (server: string) => ['history', server] as const,
  saved: (server: string) => ['saved', server] as const,
  icon: (src: string, mimeType: string | undefined) => ['icon', src, mimeType ?? ''] as const,
};
