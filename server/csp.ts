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
//  - frame-src: only the MCP Apps sandbox origin (server/sandbox.ts), when it runs; nothing else.
export function contentSecurityPolicy({
  allowEval = true,
  dev = false,
  sandbox,
}: { allowEval?: boolean; dev?: boolean; sandbox?: string } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self'${allowEval ? " 'unsafe-eval'" : ''}${dev ? " 'unsafe-inline'" : ''}`,
    `style-src 'self'${dev ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' http: https:${dev ? ' ws:' : ''}`,
    "object-src 'none'",
    `frame-src ${sandbox ?? "'none'"}`,
    "worker-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every page of Toolscope is served with — by `npm start` and by `npm run dev` alike. */
export function securityHeaders(options: { allowEval?: boolean; dev?: boolean; sandbox?: string } = {}): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': contentSecurityPolicy(options),
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
