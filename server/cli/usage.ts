// The parts of `toolscope --help` no single command owns: its first line, the connection options
// every server command takes (report, lock, record, load), and the last word on exit status.
// Each command's own lines are in its module (./commands/); ./commandTable.ts puts them together.
export const INTRO = `Toolscope — explore and call the tools of MCP servers in your browser.

Usage:`;

export const CONNECTION_USAGE = `Connection options (report, lock, record, load):
  --bearer TOKEN    Authorization: Bearer TOKEN            --header "Name: value"  (repeatable)
                    or, to keep them out of ps and CI logs: $TOOLSCOPE_BEARER, and
                    $TOOLSCOPE_HEADERS ("Name: value" lines); the options win over the variables
  --timeout S       seconds each request may take (default 30)
  --max-mb N        cap on each response body in MB (default 16; the whole report: 4 × N)
  --era legacy|2026-07-28   skip era discovery
  --client-id ID    sign in as a machine (OAuth client credentials; no browser), with
  --client-secret S   a secret (or $TOOLSCOPE_CLIENT_SECRET; never printed), or
  --jwt-key FILE      a private key that signs a JWT assertion (RFC 7523; --jwt-alg, default
                      ES256 for an EC key, RS256 otherwise)
  --dpop            ask for a DPoP-bound token and sign every request (RFC 9449)
  --scope "a b"     the scopes to ask for;  --issuer URL  send the credentials to this
                    authorization server only (or $TOOLSCOPE_ISSUER; required with a secret)
  (and --env, --env-file, --cwd for a stdio server; --config FILE --server NAME)`;

export const OUTRO = 'Exit status 2 also for a usage error.';
