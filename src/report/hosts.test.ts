// Each host's rule pinned to its cited source, over a set of servers with a planted prefix
// collision, a 61-character server + tool name, a dotted name and 130 tools in all.
import { describe, expect, it } from 'vitest';
import { HOSTS, HOST_IDS, hostView, onlyPrefixed, type HostServer } from './hosts.ts';

const LONG = 'x'.repeat(57); // "shop" + 57 = 61 characters: one over Cursor's 60
const servers: HostServer[] = [
  { key: 'shop', name: 'shop-server', title: 'Demo Shop', tools: [{ name: 'search' }, { name: 'get_item' }, { name: LONG }] },
  { key: 'shop-two', name: 'shop-server', title: 'Demo Shop', tools: [{ name: 'search' }, { name: 'bulk.tool' }] },
  { key: 'bulk', name: 'bulk', tools: Array.from({ length: 125 }, (_, index) => ({ name: `tool_${index}` })) },
];
const rules = (host: (typeof HOST_IDS)[number]) => hostView(host, servers).findings.map((finding) => finding.rule);

describe('hosts', () => {
  it('every rule names its source', () => {
    for (const id of HOST_IDS) {
      const view = hostView(id, servers);
      expect(view.naming.length).toBeGreaterThan(10);
      for (const finding of view.findings) expect(finding.source).toMatch(/#\d+|docs\.|undocumented/);
    }
  });

  it('VS Code: mcp_<prefix>_<tool> from the title, a shared title numbered, 64 characters, 128 tools', () => {
    const view = hostView('vscode', servers);
    expect(view.tools.find((tool) => tool.server === 'shop' && tool.tool === 'search')?.modelName).toBe('mcp_demo_shop_search');
    expect(view.tools.find((tool) => tool.server === 'shop-two' && tool.tool === 'search')?.modelName).toBe('mcp_demo_shop_2_search');
    expect(view.findings.filter((finding) => finding.rule === 'host-collision')).toEqual([
      expect.objectContaining({ server: 'shop-two', source: expect.stringContaining('#318638') }),
    ]);
    // mcp_demo_shop_ + 57 = 71 > 64.
    expect(view.tools.find((tool) => tool.tool === LONG)).toEqual(
      expect.objectContaining({ fate: 'dropped', why: expect.stringContaining('71 characters') }),
    );
    expect(view.findings.find((finding) => finding.rule === 'host-name-characters')?.tool).toBe('bulk.tool');
    // 3 + 2 + 125 = 130 tools; two are dropped by name, so 128 usable — exactly the cap.
    expect(view.sent).toBe(128);
    expect(rules('vscode')).not.toContain('host-cap');
    expect(rules('vscode').sort()).toEqual(['host-collision', 'host-name-characters', 'host-name-too-long']);
  });

  it('Claude Code: mcp__<key>__<tool>, over 64 refused, tool search defers definitions', () => {
    const view = hostView('claude-code', servers);
    expect(view.tools.find((tool) => tool.server === 'shop-two' && tool.tool === 'search')?.modelName).toBe('mcp__shop-two__search');
    expect(view.tools.find((tool) => tool.tool === LONG)?.fate).toBe('dropped');
    expect(view.deferred).toBe(true);
    expect(rules('claude-code').sort()).toEqual(['host-name-characters', 'host-name-too-long']);
    expect(HOSTS['claude-code'].maxName?.source).toContain('#12084');
  });

  it('Cursor: server + tool over 60 dropped (61 planted), 40 tools, same-named tools said', () => {
    const view = hostView('cursor', servers);
    const long = view.findings.find((finding) => finding.rule === 'host-name-too-long');
    expect(long).toEqual(expect.objectContaining({ server: 'shop', message: expect.stringContaining('61 characters, over 60') }));
    expect(view.findings.find((finding) => finding.rule === 'host-cap')?.message).toMatch(
      /^129 tools, over Cursor's cap of 40: 89 are not sent/,
    );
    expect(view.findings.find((finding) => finding.rule === 'host-collision')).toEqual(
      expect.objectContaining({ tool: 'search', source: 'undocumented', message: expect.stringContaining('shop, shop-two') }),
    );
    expect(view.sent).toBe(40);
  });

  it('Windsurf: 50 tools; Claude Desktop: the API rule for names; ChatGPT: one connector', () => {
    expect(hostView('windsurf', servers).sent).toBe(50);
    expect(rules('windsurf').sort()).toEqual(['host-cap', 'host-collision']);
    expect(rules('claude-desktop').sort()).toEqual(['host-collision', 'host-name-characters']);
    expect(rules('chatgpt')).toContain('host-one-server');
    expect(hostView('chatgpt', [servers[0] as HostServer]).findings).toEqual([]);
  });

  it('one server, short names, few tools: every host takes every tool as it is', () => {
    const one = [{ key: 'weather', name: 'weather', tools: [{ name: 'get_forecast' }] }];
    for (const id of HOST_IDS) expect(hostView(id, one).findings).toEqual([]);
  });

  it('says when a host only prefixes names (one prefix per server), and when it changes more', () => {
    const tool = (server: string, name: string, modelName: string) =>
      ({ server, tool: name, modelName, fate: modelName === name ? 'kept' : 'renamed' }) as const;
    expect(onlyPrefixed([tool('a', 'echo', 'mcp__a__echo'), tool('a', 'add', 'mcp__a__add'), tool('b', 'echo', 'mcp__b__echo')])).toBe(
      true,
    );
    expect(onlyPrefixed([tool('a', 'echo', 'echo')])).toBe(true);
    // Two prefixes for one server, or a name changed beyond a prefix: each row says it.
    expect(onlyPrefixed([tool('a', 'echo', 'mcp__a__echo'), tool('a', 'add', 'x_add')])).toBe(false);
    expect(onlyPrefixed([tool('a', 'get-thing', 'mcp_a_get_thing')])).toBe(false);
  });
});
