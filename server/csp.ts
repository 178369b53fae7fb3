import { createHash } from 'node:crypto';

// The Content-Security-Policy of the served app. Measured, not guessed:
//  - script-src needs 'unsafe-eval' because Ajv (inside @rjsf/validator-ajv8 and our own
//    output-schema validation) compiles every JSON Schema into a function with `new Function`;
//    without it no argument form can validate. Nothing else needs it. No 'unsafe-inline'.
//  - connect-src must reach any MCP server the user types (direct browser connections), so it
//    allows http: and https: — that is as narrow as direct connections allow.
//  - img-src / media-src: our own files plus data: and blob: URLs made after magic-byte checks;
//    https icons are fetched and checked first, then shown from blob: URLs.
//  - dev (Vite's hot reload, `npm run dev`) needs only three additions, each for Vite itself:
//    its inline React Refresh preamble ('unsafe-inline' scripts), the CSS it injects as <style>
//    ('unsafe-inline' styles) and its HMR WebSocket (ws:).
//  - one inline script, by its hash: the deep link's early entry, written into index.html by the
//    build (build/earlyEntry.ts) so it runs before any file has arrived. Only that exact text runs.
//  - worker-src 'self' blob:: the deep link's prefetch walk runs in a worker of our own
//    (src/app/prefetch.worker.ts), so the app's loading never holds its requests back; the inline
//    early entry starts it from a blob of the code it carries (no request first). Only scripts
//    script-src already lets run can make such a blob; none is ever made from server content.
//  - frame-src: only the MCP Apps sandbox's per-server origins (<id>.localhost on its port,
//    server/sandbox.ts), when it runs; nothing else.
export interface PolicyOptions {
  allowEval?: boolean;
  dev?: boolean;
  sandbox?: string;
  /** The page's own inline scripts, allowed by their hashes and nothing else (inlineScriptHashes). */
  scriptHashes?: readonly string[];
}

export function contentSecurityPolicy({ allowEval = true, dev = false, sandbox, scriptHashes = [] }: PolicyOptions = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` '${hash}'`).join('')}${allowEval ? " 'unsafe-eval'" : ''}${dev ? " 'unsafe-inline'" : ''}`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' http: https:${dev ? ' ws:' : ''}`,
    "object-src 'none'",
    `frame-src ${sandbox ? `http://*.localhost:${new URL(sandbox).port}` : "'none'"}`,
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every page of Toolscope is served with — by `npm start` and by `npm run dev` alike. */
export function securityHeaders(options: PolicyOptions = {}): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': contentSecurityPolicy(options),
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** 'sha256-…' of each inline <script> of a built page (the early entry): what script-src allows. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((match) => match[1] ?? '')
    .filter((code) => code.length > 0)
    .map((code) => `sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}`);
}
