import { describe, expect, it } from 'vitest';
import { hostView } from '../../src/report/hosts.ts';
import { hostsJUnit, hostsMarkdown } from './hostsFormats.ts';

describe('hosts output', () => {
  it('a line break or a pipe in a name never breaks a Markdown row; JUnit escapes what it quotes', () => {
    const servers = [{ key: 'odd|key', name: 'odd', tools: [{ name: 'two\nlines' }, { name: 'ok' }] }];
    const view = { ...hostView('claude-code', servers), tokens: 10, tokenizer: 'o200k' };
    const markdown = hostsMarkdown({ servers, views: [view] });
    const rows = markdown.split('\n').filter((line) => line.startsWith('| odd'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('| odd\\|key | two lines |');
    const junit = hostsJUnit({ servers, views: [view] });
    expect(junit).not.toMatch(/"two\nlines|<odd/);
    expect(junit).toContain('testcase classname="toolscope.hosts" name="Claude Code"');
  });
});
