// The palette's commands that belong to the app, not to the server on screen: find a server, add
// one beside it, diagnose the connection, restart the stdio server, watch a tap. Pure: each is offered only when
// its action is given (connected, diagnosable, a stdio server from the terminal).
import type { Command } from './commands.ts';
import { OPEN_WATCH_TAP } from '../../web/keyboard.ts';

export interface AppActions {
  find: () => void;
  /** Connected: another server beside this one. */
  add?: () => void;
  /** Toolscope's own server can probe it (connected or failed). */
  diagnose?: () => void;
  /** The stdio server this launch runs. */
  restart?: { command: string; run: () => void };
}

export function appCommands({ find, add, diagnose, restart }: AppActions): Command[] {
  return [
    { id: 'registry:find', label: 'Find a server', detail: 'search the MCP Registry', group: 'Servers', run: find },
    ...(add
      ? [
          {
            id: 'servers:add',
            label: 'Add server',
            detail: 'connect another server beside this one (Hosts shows them together)',
            aliases: ['add server', 'another server'],
            group: 'Servers' as const,
            run: add,
          },
        ]
      : []),
    // The connection doctor runs on Toolscope's own server, for a server connected or failed.
    ...(diagnose
      ? [
          {
            id: 'diagnose',
            label: 'Diagnose the connection',
            detail: 'probe the server: reachability, CORS, era, sign-in',
            aliases: ['diagnose', 'doctor'],
            group: 'Servers' as const,
            run: diagnose,
          },
        ]
      : []),
    ...(restart
      ? [{ id: 'stdio:restart', label: 'Restart server', detail: restart.command, group: 'Servers' as const, run: restart.run }]
      : []),
    // `toolscope tap` between a host and its server: its page, from the list of taps on this machine.
    {
      id: 'tap:watch',
      label: 'Watch a tap',
      detail: 'what a real host sends its server, live (toolscope tap)',
      aliases: ['tap', 'host traffic'],
      group: 'Servers' as const,
      run: () => window.dispatchEvent(new Event(OPEN_WATCH_TAP)),
    },
  ];
}
