import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inlineMarkdown } from './inlineMarkdown.tsx';

const html = (text: string) => renderToStaticMarkup(<>{inlineMarkdown(text)}</>);

describe('inline Markdown in a server’s description', () => {
  it('code, strong, emphasis; a link is its text', () => {
    expect(html('Returns up to `limit` products')).toBe(
      'Returns up to <code class="rounded bg-hover px-1 font-mono text-[0.9em]">limit</code> products',
    );
    expect(html('**Never** _twice_ or *thrice*')).toBe('<strong>Never</strong> <em>twice</em> or <em>thrice</em>');
    expect(html('see [the docs](https://example.com/x) now')).toBe('see the docs now');
  });

  it('leaves alone what is not Markdown: snake_case, 2*3*4, a lone backtick', () => {
    expect(html('use file_path and max_count')).toBe('use file_path and max_count');
    expect(html('2*3*4 is 24')).toBe('2*3*4 is 24');
    expect(html('a ` alone')).toBe('a ` alone');
  });

  it('never makes HTML or a live link out of a hostile text', () => {
    const out = html('<img src=x onerror=alert(1)> `<b>x</b>` [click](javascript:alert(1))');
    expect(out).toBe(
      '&lt;img src=x onerror=alert(1)&gt; <code class="rounded bg-hover px-1 font-mono text-[0.9em]">&lt;b&gt;x&lt;/b&gt;</code> click',
    );
  });
});
