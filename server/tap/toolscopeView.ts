// `toolscope tap --compare`: Toolscope's own view of the server the host is tapped to — the era it
// negotiates, the capabilities it is offered, every tool as listed — taken once, beside the host's
// session (never in its way), through the one way the CLI reaches a server (../cli/reach.ts). Over
// stdio that is a second instance of the same command (the tap's argv, the tap's environment),
// stopped when the view is taken. The view goes into the cassette as a note line; the page and
// the tap's last words compare it with what the host saw (src/mcp/recording/viewDiff.ts).
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { rawToolList } from '../../src/report/collect.ts';
import type { ServerView } from '../../src/mcp/recording/viewDiff.ts';
import { reportOptions } from '../cli/args.ts';
import { withServer, type ServerTarget } from '../cli/reach.ts';
import { StdioBridge } from '../stdio/bridge.ts';
import { StdioChild } from '../stdio/child.ts';
import { started } from '../cli/targets.ts';
import type { StdioTapTarget } from './stdioTap.ts';

export type TakenView = ServerView | { failed: string };

async function viewThrough(target: ServerTarget, headers: Record<string, string>): Promise<TakenView> {
  let view: TakenView = { failed: 'Toolscope could not reach the server (the tap’s stderr says why).' };
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.Authorization ?? '')?.[1];
  const header = Object.entries(headers)
    .filter(([name]) => !(bearer && name === 'Authorization'))
    .map(([name, value]) => `${name}: ${value}`);
  const options = reportOptions({ header, ...(bearer ? { bearer } : {}) }, {});
  await withServer(target, options, 'comparison', async (connection) => {
    const { tools, stop } = await rawToolList(connection);
    const capabilities = connection.serverCapabilities;
    view = {
      era: connection.era,
      protocolVersion: connection.protocolVersion,
      ...(capabilities && typeof capabilities === 'object' ? { capabilities: capabilities as Record<string, unknown> } : {}),
      ...(stop ? {} : { tools: tools }),
    };
    return 0;
  });
  return view;
}

/** Toolscope's view of a stdio server: the same command started once more, then stopped. */
export async function stdioView(target: StdioTapTarget): Promise<TakenView> {
  const child = new StdioChild({ command: target.command, args: target.args, env: target.env, ...(target.cwd ? { cwd: target.cwd } : {}) });
  const bridge = new StdioBridge(child);
  try {
    await started(child);
    return await viewThrough(
      { url: 'http://stdio.toolscope.invalid/mcp', label: child.command, fetch: (input, init) => bridge.handle(new Request(input, init)) },
      {},
    );
  } catch (error) {
    return { failed: `Toolscope could not start a second instance: ${errorMessage(error)}` };
  } finally {
    bridge.close();
    await child.stop(1000);
  }
}

/** Toolscope's view of an HTTP server, with the tap's --header and --bearer. */
export const httpView = (url: string, headers: Record<string, string>) => viewThrough({ url }, headers);
