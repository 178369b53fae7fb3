// The App view's bridge transport, watched: every message into Traffic (the "app" channel), and —
// for `toolscope render` — into a log the top page keeps, out of any app's reach.
import type { PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { isRecord } from '../../mcp/guards.ts';

/**
 * A record of the bridge kept by the top page, out of the app's reach (another origin), for
 * `toolscope render`: it defines `window.__toolscopeRender` before the page loads; nothing else does.
 */
export function traceBridge(from: 'host' | 'app', message: unknown) {
  const log = (window as { __toolscopeRender?: unknown[] }).__toolscopeRender;
  if (!Array.isArray(log) || log.length >= 2000) return;
  const data = isRecord(message) ? message : {};
  let json = '';
  try {
    json = JSON.stringify(message) ?? '';
  } catch {
    json = String(message);
  }
  log.push({
    at: Math.round(performance.now()),
    from,
    method: typeof data.method === 'string' ? data.method : undefined,
    id: data.id,
    json: json.slice(0, 2000),
  });
}

/** The transport with what the host sends traced too (what the app sends is traced as it arrives). */
export function traced(inner: PostMessageTransport): PostMessageTransport {
  const send = inner.send.bind(inner);
  inner.send = (message, options) => {
    traceBridge('host', message);
    return send(message, options);
  };
  return inner;
}

/** The bridge's transport, with every message in both directions put in Traffic as well. */
export function recorded(
  inner: PostMessageTransport,
  record: ((direction: 'to app' | 'from app', message: unknown) => void) | undefined,
): PostMessageTransport {
  if (!record) return inner;
  const send = inner.send.bind(inner);
  inner.send = (message, options) => {
    record('to app', message);
    return send(message, options);
  };
  let handler: PostMessageTransport['onmessage'];
  Object.defineProperty(inner, 'onmessage', {
    configurable: true,
    get: () => handler,
    set: (next: PostMessageTransport['onmessage']) => {
      handler = next
        ? (message, extra) => {
            record('from app', message);
            next(message, extra);
          }
        : undefined;
    },
  });
  return inner;
}
