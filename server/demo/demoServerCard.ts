// The demo's Server Card (the Server Card extension, SEP-2127), served at `<mcp-url>/server-card`
// as the extension recommends: it says what the demo serves, so the report finds nothing in it.
import { CARD_SCHEMA } from '../../src/registry/serverCard.ts';

export function demoServerCard(mcpUrl: string) {
  return {
    $schema: CARD_SCHEMA,
    name: 'io.github.toolscope/demo-shop',
    version: '0.1.0',
    title: 'Toolscope demo shop',
    description: 'A small shop with tools of every kind (paginated, tasks, apps, skills), for trying Toolscope.',
    remotes: [{ type: 'streamable-http', url: mcpUrl, supportedProtocolVersions: ['2025-11-25', '2026-07-28'] }],
  };
}
