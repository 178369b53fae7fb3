// One key factory for react-query. Keys carry the server and the authorization context
// (a hash-free marker of the token, never the token itself) so cached pages never leak across them.
export const queryKeys = {
  tools: (serverUrl: string, authContext: string, connectionId: number) => ['tools', serverUrl, authContext, connectionId] as const,
};
