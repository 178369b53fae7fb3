// The text `toolscope --help` prints (and a usage error points to): every command and option.
export const USAGE = `Toolscope — explore and call the tools of MCP servers in your browser.

Usage:
  toolscope                                   Toolscope with its built-in demo server
  toolscope <server-url>                      Toolscope connected to a Streamable HTTP server
  toolscope [options] -- <command> [args…]    a stdio server: runs <command> (no shell) and opens it
  toolscope [options] --config FILE --server NAME
                                              an entry of an mcpServers file (Claude, Cursor, VS Code):
                                              stdio entries run as above, http entries open their URL
  toolscope [options] --config FILE           every entry at once, as several servers in one page:
                                              the first stdio entry bridged, http entries beside it
  toolscope report [report options] <server-url>
  toolscope report [report options] -- <command> [args…]
  toolscope report [report options] --config FILE --server NAME
                                              the server report, for CI (no browser)
  toolscope lock --out toolscope.lock.json <server-url> | -- <command> [args…] | --config …
                                              each tool's definition and its SHA-256 (SEP-2636
                                              digest, RFC 8785), for report --lock in CI
  toolscope record --out FILE [--call NAME [--args JSON]]… [--allow-destructive] [--otlp FILE]
                 [--trace-context] [--listen PORT [--stop-after S]] <server> | -- …
                                              lists every tool, makes the calls (the page's gate),
                                              writes the session as a cassette (JSON Lines), and
                                              with --otlp as OpenTelemetry traces (OTLP/JSON);
                                              --trace-context: calls carry W3C traceparent in _meta;
                                              --listen: then records another client through a
                                              proxy at 127.0.0.1:PORT/mcp until Ctrl-C (or S s)
  toolscope bench --tool NAME [--args JSON] [--weight N] [--tool …]… [bench options] <server> | -- …
                                              the tool (or a weighted mix) under load: percentiles
                                              (HDR histogram), each outcome apart, budgets for CI
  toolscope hosts --config FILE [--host ID]… [--queries FILE] [--format json|markdown|junit|sarif]
                  [--output FILE] [--timeout S]
                                              every entry of an mcpServers file as each host sees
                                              the set: the model's names, drops, collisions, caps,
                                              tokens; --queries ranks over every server (an
                                              "expect" may name server/tool)
                                              (hosts: vscode, claude-code, cursor, windsurf,
                                              claude-desktop, chatgpt; default all)
  toolscope mock FILE [--port N | --stdio] [--stop-after S]
                                              serves a cassette as an MCP server (127.0.0.1 only):
                                              recorded answers, an unrecorded call a JSON-RPC error
  toolscope render --tool NAME --out app.png [render options] <server-url> | -- <command> [args…]
                                              calls NAME, renders its MCP App headless (the page's
                                              sandbox, Chromium), writes a PNG and a JSON log
  toolscope mcp [--allow-writes] [--allow-destructive] [--allow-host HOST]… [--config FILE
                [--server NAME]] [--allow-switch]
                                              Toolscope as a stdio MCP server for a coding agent:
                                              connect, list_tools, call_tool, report, traffic; one
                                              server per run (--server pins an entry, --allow-switch
                                              lets it change), read-only calls unless allowed

Options:
  --port N          port of Toolscope's page on 127.0.0.1 (default: $PORT, else 6274)
  --env KEY=VALUE   set a variable for the stdio server (repeatable)
  --env-file FILE   read variables for the stdio server from a dotenv file
  --cwd DIR         working directory of the stdio server (default: this one)
  --watch DIR       restart the stdio server when files under DIR change
  --config FILE     an mcpServers JSON file;  --server NAME  the entry to open
  --dev             Vite's dev server with hot reload (from a clone)
  -h, --help        this text

The stdio server's environment: only PATH, HOME, USER, LOGNAME, SHELL and TERM are inherited
(as other MCP hosts do), then --env-file, the config's "env", then each --env, in that order.
Its stderr is shown in Toolscope's "Server console"; Restart and Stop are in the page.
The command comes only from this terminal: no web request can start or change it.

Report options:
  --format json|markdown|junit|sarif   (default json)     --output FILE   write to FILE
  --bearer TOKEN    Authorization: Bearer TOKEN            --header "Name: value"  (repeatable)
                    or, to keep them out of ps and CI logs: $TOOLSCOPE_BEARER, and
                    $TOOLSCOPE_HEADERS ("Name: value" lines); the options win over the variables
  --timeout S       seconds each request may take (default 30)
  --max-mb N        cap on each response body in MB (default 16; the whole report: 4 × N)
  --active          also call the server to check its error channel
  --era legacy|2026-07-28   skip era discovery
  --queries FILE    findability: [{ "query": "read a file", "expect": "read_text_file", "top": 3,
                    "mode": "bm25"|"regex"|"model" }] — each expected tool not in its top N is an error
  --model-url URL --model-name NAME [--model-provider openai|anthropic]
                    "mode": "model" queries ask this model (OpenAI-compatible chat completions, or
                    Anthropic Messages) with the server's tools; the key from $TOOLSCOPE_MODEL_KEY only
  --record-model FILE   keep each question and answer;  --replay-model FILE  answer from it, offline
  --client-id ID    sign in as a machine (OAuth client credentials; no browser), with
  --client-secret S   a secret (or $TOOLSCOPE_CLIENT_SECRET; never printed), or
  --jwt-key FILE      a private key that signs a JWT assertion (RFC 7523; --jwt-alg, default
                      ES256 for an EC key, RS256 otherwise)
  --dpop            ask for a DPoP-bound token and sign every request (RFC 9449)
  --scope "a b"     the scopes to ask for;  --issuer URL  send the credentials to this
                    authorization server only (or $TOOLSCOPE_ISSUER; required with a secret)
  --profile claude-directory|openai-apps   readiness for a directory: ready, not ready, or
                    needs a person (what no program can judge; each rule cites its source)
  --confirm ID[,ID]  items of the profile a person has checked (e.g. claude-listing)
  --lock FILE       compare the tools with a lockfile: each tool added, removed or changed is
                    named (a change by its JSON path, and whether it can break a caller)
  --lock-fail breaking|any|none   which drift is an error (default breaking: a removed tool, a
                    new required argument, a narrower type or bound, a dropped enum value)
  (and --env, --env-file, --cwd for a stdio server)
  lock and record take the connection options above (--bearer, --header, --timeout, --era, sign-in).

mcp options:
  --allow-destructive   let call_tool call tools that may change or destroy data (refused otherwise)
  --allow-host HOST     a host beyond loopback that connect may reach (repeatable)
  --config FILE         an mcpServers file: the agent may connect to its entries by name, and
                        only its stdio entries' commands ever run
  --timeout S, --max-mb N   per request and per answer, as report's (default 30 s, 16 MB)

Bench options (and the connection options of report):
  --requests N | --duration S   counted calls (default 100, at most 100000) or seconds (≤ 600)
  --concurrency N   calls in flight at once (default 1, ≤ 256);  --rate R  at most R starts a second
  --warmup N        calls made first and not counted
  --budget EXPR     p95<300ms, p99<1s, mean<50ms, errors<1%, tool-errors<5%, timeouts<1, rps>50;
                    TOOL:EXPR for one tool of a mix (repeatable); errors = protocol + transport +
                    timeouts, tool-errors = isError results
  --format text|json|junit|markdown   (default text)     --output FILE   write to FILE
  --allow-destructive   a tool not marked read-only is refused (before any call) without it
  --stateless N     N fresh connections each make the first call once; different answers from a
                    2026-07-28 server fail the run
  --export artillery --output plan.yml   write the plan for Artillery instead of running it
  --timeout S       each call's limit (a call over it counts as a timeout)

Render options:
  --tool NAME       the tool whose app is rendered (required);  --args JSON  its arguments
  --out FILE        the PNG of the app's frame (required);  --log FILE  the JSON log (default:
                    FILE with .json): the app's bridge messages, CSP violations, app errors
  --profile reference|strict   the host profile (default reference, the Apps SDK's basic-host)
  --wait S          at most S seconds for the app to settle (default 20)
  --allow-app-calls say yes when the app calls a tool that asks (refused otherwise)
  (and --env, --env-file, --cwd for a stdio server; --config FILE --server NAME)
A browser: $CHROMIUM_PATH, else /usr/bin/chromium (Debian: apt-get install chromium).
Exit status of render: 0 rendered, 1 a CSP violation of the app's own loads or an app error
(a library's probe for eval is not one), 2 could not render (no browser, no app, usage).

Exit status of report: 0 no error findings, 1 error findings, 2 the report could not be made.
Exit status of lock: 0 written, 2 could not lock. Of record: 0 written, 1 written but a call was
refused or failed, 2 nothing written (a secret of the connection in it, or no connection).
With --profile: 0 ready, 1 not ready, 2 could not run, 3 needs a person.
Exit status of hosts: 0 every host takes every tool as it is (and every query is met), 1 a host
drops, renames, collides or caps a tool, or a query misses, 2 an entry could not be listed.
Exit status of bench: 0 every budget met, 1 a budget breached (or --stateless differed on 2026),
2 the run could not start (a refused tool, arguments its schema refuses, no connection).
Exit status 2 also for a usage error.`;
