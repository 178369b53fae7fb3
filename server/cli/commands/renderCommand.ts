// `toolscope render`: calls a tool, renders its MCP App headless (the page's sandbox, Chromium) and
// writes a PNG and a JSON log (../render.ts) — Toolscope on a free port, quiet, for as long as the
// render takes.
import { errorMessage } from '../../../src/lib/errorMessage.ts';
import { printable } from '../../../src/lib/printable.ts';
import { redactText } from '../../../src/lib/redactUrl.ts';
import { StdioBridge } from '../../stdio/bridge.ts';
import { stdioEndpoint } from '../../stdio/routes.ts';
import { startToolscope } from '../../serveApp.ts';
import { refuse, serverArgs, type Target } from '../args.ts';
import { RENDER_OPTIONS, SERVE_ONLY, UsageError, parsePositive } from '../cliOptions.ts';
import { RenderUnavailable, renderApp, renderSummary, type RenderOptions } from '../render.ts';
import { makeChild, resolveTarget, started, type Resolved } from '../targets.ts';
import type { Command } from '../cliCommand.ts';

type Render = { kind: 'render'; target: Target; render: RenderOptions };

export const renderCommand: Command<Render> = {
  name: 'render',
  options: RENDER_OPTIONS,
  usage: `  toolscope render --tool NAME --out app.png [render options] <server-url> | -- <command> [args…]
                                              calls NAME, renders its MCP App headless (the page's
                                              sandbox, Chromium), writes a PNG and a JSON log
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
(a library's probe for eval is not one), 2 could not render (no browser, no app, usage).`,
  parse: (argv) => {
    const args = serverArgs(argv, RENDER_OPTIONS);
    if (args.kind === 'help') return args;
    refuse(args.values, SERVE_ONLY, 'render');
    return { kind: 'render', target: args.target, render: renderOptions(args.values) };
  },
  run: ({ target, render: options }) => render(resolveTarget(target), options),
};

function renderOptions(values: Partial<Record<keyof typeof RENDER_OPTIONS, unknown>>): RenderOptions {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const tool = text(values.tool);
  const out = text(values.out);
  if (!tool) throw new UsageError('render needs --tool NAME (the tool whose app is rendered).');
  if (!out) throw new UsageError('render needs --out FILE (where the PNG goes).');
  let args: unknown = {};
  if (text(values.args)) {
    try {
      args = JSON.parse(text(values.args) ?? '{}');
    } catch (error) {
      throw new UsageError(`--args: not JSON (${errorMessage(error)}).`);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new UsageError('--args: expected a JSON object.');
  }
  const profile = text(values.profile) ?? 'reference';
  if (profile !== 'reference' && profile !== 'strict') throw new UsageError(`--profile ${profile}: expected reference or strict.`);
  return {
    tool,
    args: args as Record<string, unknown>,
    out,
    log: text(values.log) ?? out.replace(/(\.png)?$/i, '.json'),
    profile,
    waitMs: parsePositive('wait', values.wait, 20, 600) * 1000,
    allowAppCalls: values['allow-app-calls'] === true,
  };
}

/** `toolscope render`: Toolscope on a free port, quiet, for as long as the render takes. */
async function render(target: Resolved, options: RenderOptions): Promise<number> {
  const child = target.kind === 'stdio' ? makeChild(target.spec) : undefined;
  const bridge = child ? new StdioBridge(child) : undefined;
  try {
    if (child) await started(child);
    const app = await startToolscope({
      port: 0,
      quiet: true,
      open: bridge ? { kind: 'stdio', endpoint: stdioEndpoint(bridge) } : target.kind === 'url' ? target : { kind: 'demo' },
    });
    try {
      const log = await renderApp(app.link, options);
      for (const line of renderSummary(log, options.log)) console.log(printable(redactText(line)));
      return log.verdict === 'ok' ? 0 : 1;
    } catch (error) {
      if (!(error instanceof RenderUnavailable)) throw error;
      console.error(printable(redactText(`toolscope render: ${error.message}`)));
      return 2;
    } finally {
      await app.close();
    }
  } finally {
    bridge?.close();
    await child?.stop();
  }
}
