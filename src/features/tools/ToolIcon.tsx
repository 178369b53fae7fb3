import { decideIconSrc } from '../../mcp/icons.ts';
import type { McpTool } from '../../mcp/tools.ts';
import { useIcon } from './api/useIcon.ts';

/** While an icon loads: a faint square; for a tool without one, `blank` keeps the column aligned with nothing in it. */
function Placeholder({ size, blank = false }: { size: number; blank?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={blank ? 'inline-block shrink-0' : 'inline-block shrink-0 rounded-sm bg-line'}
      style={{ width: size, height: size }}
    />
  );
}

function RemoteIcon({ src, mimeType, size }: { src: string; mimeType?: string; size: number }) {
  const url = useIcon(src, mimeType);
  return url ? <IconImage src={url} size={size} /> : <Placeholder size={size} />;
}

function IconImage({ src, size }: { src: string; size: number }) {
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      className="shrink-0 rounded-sm object-contain"
      style={{ width: size, height: size }}
    />
  );
}

/** The first acceptable icon of a tool (or a prompt, a resource), only ever through <img> (never inline SVG). */
export function ToolIcon({ tool, serverUrl, size = 20 }: { tool: Pick<McpTool, 'icons'>; serverUrl: string; size?: number }) {
  for (const icon of tool.icons) {
    const decision = decideIconSrc(icon.src, serverUrl);
    if (!decision.ok) continue;
    if (decision.src.startsWith('data:')) return <IconImage src={decision.src} size={size} />;
    return <RemoteIcon src={decision.src} mimeType={icon.mimeType} size={size} />;
  }
  return <Placeholder size={size} blank />;
}
