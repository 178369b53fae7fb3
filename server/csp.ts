// The Content-Security-Policy of the served app. Measured, not guessed:
//  - script-src needs 'unsafe-eval' because Ajv (inside @rjsf/validator-ajv8 and our own
//    output-schema validation) compiles every JSON Schema into a function with `new Function`;
//    without it no argument form can validate. Nothing else needs it. No 'unsafe-inline'.
//  - connect-src must reach any MCP server the user types (direct browser connections), so it
//    allows http: and https: — that is as narrow as direct connections allow.
//  - img-src / media-src: our own files plus data: and blob: URLs made after magic-byte checks;
//    https icons are fetched and checked first, then shown from blob: URLs.
export function contentSecurityPolicy({ allowEval = true }: { allowEval?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self'${allowEval ? " 'unsafe-eval'" : ''}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self' http: https:",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
