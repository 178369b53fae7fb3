// Audit 4, N4: a server or tool name with bidi or invisible characters reads as it is in the
// Servers list, the "Back to …" bar and the Hosts view — revealed, and isolated from the text
// around it — rendered by React as the page renders them.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { McpTool } from '../../mcp/tools.ts';
import { HostsView } from './HostsView.tsx';
import { ServersList } from './ServersList.tsx';
import { StillConnected } from './StillConnected.tsx';

const SERVER = 'Toolscope demo shop\u202Epohs omed\u202C';
const TOOL = 'bidi_\u202Eexe.gnp';
const RAW = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;
const noop = () => undefined;
const tool = (name: string) => ({ name, inputSchema: { type: 'object' } }) as unknown as McpTool;

describe('names a server chose are revealed and isolated wherever they are shown', () => {
  it('the "Back to …" bar', () => {
    const html = renderToStaticMarkup(<StillConnected labels={new Map([['http://a/mcp', SERVER]])} onOpen={noop} />);
    expect(html).not.toMatch(RAW);
    expect(html).toContain('Back to <bdi>Toolscope demo shop⟨U+202E⟩pohs omed⟨U+202C⟩</bdi>');
  });

  it('the Servers list: names and the buttons’ names', () => {
    const html = renderToStaticMarkup(
      <ServersList
        servers={[
          { url: 'http://a/mcp', label: SERVER, era: '2025-11-25', onScreen: true, tools: [], loading: false, running: 0 },
          { url: 'http://b/mcp', label: 'other', era: '2025-11-25', onScreen: false, tools: [tool(TOOL)], loading: false, running: 2 },
        ]}
        onOpen={noop}
        onDisconnect={noop}
        onHosts={noop}
      />,
    );
    expect(html).not.toMatch(RAW);
    expect(html).toContain('1 tool · connected · 2 calls running');
    expect(html).toContain('aria-label="Open other"');
    expect(html).toContain('aria-label="Toolscope demo shop⟨U+202E⟩pohs omed⟨U+202C⟩"');
  });

  it('the Hosts view: server labels, tool names, model names and the findings that quote them', () => {
    const html = renderToStaticMarkup(
      <HostsView
        servers={[{ url: 'http://a/mcp', label: SERVER, name: SERVER, tools: [tool(TOOL), tool('x'.repeat(70))], loading: false }]}
        tokenizer={{ name: 'test', count: (text) => text.length }}
        initialHost="cursor"
      />,
    );
    expect(html).not.toMatch(RAW);
    expect(html).toContain('⟨U+202E⟩exe.gnp');
  });
});
