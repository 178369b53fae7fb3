// Inline Markdown in a short text a server wrote (a tool's or a field's description): `code`,
// **strong**, *emphasis* / _emphasis_, and [a link](url) shown as its text — React elements only,
// never HTML, never a live link. Anything else stays as written.
import type { ReactNode } from 'react';

const INLINE =
  /`([^`\n]+)`|\*\*([^*\n]+)\*\*|(?<![\w*])\*([^*\s][^*\n]*?)\*(?![\w*])|(?<![\w_])_([^_\s][^_\n]*?)_(?![\w_])|\[([^\]\n]+)\]\((?:[^()\s]|\([^()\s]*\))+\)/g;

export function inlineMarkdown(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    const [whole, code, strong, star, underscore, link] = match;
    const key = `${at}`;
    if (code !== undefined)
      out.push(
        <code key={key} className="rounded bg-hover px-1 font-mono text-[0.9em]">
          {code}
        </code>,
      );
    else if (strong !== undefined) out.push(<strong key={key}>{strong}</strong>);
    else if (star !== undefined || underscore !== undefined) out.push(<em key={key}>{star ?? underscore}</em>);
    else if (link !== undefined) out.push(link);
    else out.push(whole);
    last = at + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
