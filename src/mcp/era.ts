// The two eras of the protocol, and the one word for each everywhere (shared docs 02-protocol.md):
// 'modern' — the 2026-07-28 revision (stateless, server/discover, no session id); 'legacy' — the
// 2025 revisions (initialize, Mcp-Session-Id). A connection knows its era; a cassette, a History
// entry, a lockfile and a bench result record it.
export type Era = 'modern' | 'legacy';

/** An era already known (remembered, or given with --era): the connection skips discovery. */
export interface EraHint {
  era: Era;
  protocolVersion: string;
}
