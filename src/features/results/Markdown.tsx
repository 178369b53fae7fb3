import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeLinkUrl } from '../../mcp/links.ts';

// Server Markdown is rendered to React elements, never to HTML: raw HTML is dropped, links
// are scheme-checked and show their full URL, and images become links (no remote loads).
const components: Components = {
  a({ href, children }) {
    const safe = href ? safeLinkUrl(href) : undefined;
    if (!safe) return <span title="link removed: unsafe or unsupported URL">{children}</span>;
    return (
      <>
        <a href={safe} target="_blank" rel="noopener noreferrer" className="text-link underline">
          {children}
        </a>{' '}
        <span className="font-mono text-[11px] break-all text-muted">({safe})</span>
      </>
    );
  },
  img({ src, alt }) {
    return (
      <span className="text-muted">
        [image: {alt || 'untitled'}
        {typeof src === 'string' ? ` — ${src}` : ''}]
      </span>
    );
  },
};

export function Markdown({ text }: { text: string }) {
  return (
    // Scrollable, so it takes the focus (keys scroll it); named for what it holds.
    <div
      role="region"
      aria-label="Rendered Markdown"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to scroll by keys
      tabIndex={0}
      className="markdown max-h-[32rem] overflow-auto rounded-md border border-line p-3 text-sm"
    >
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml components={components} urlTransform={(url) => safeLinkUrl(url) ?? ''}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
