import { Select } from '../../components/ui/Select.tsx';
import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Popover } from '../../components/ui/Popover.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { loadSavedServers, type SavedServer } from '../../features/connection/api/serverList.ts';
import { THEME_CHOICES, setTheme, useTheme } from '../../web/theme.ts';
import { CommandPalette } from '../palette/CommandPalette.tsx';
import type { Command } from '../palette/commands.ts';
import { FOCUS_TOOL_SEARCH, isTyping } from '../../web/keyboard.ts';
import { dock } from '../../web/dockStore.ts';
import { ForgetDialog, type Forgetting } from './ForgetDialogs.tsx';

const MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = MAC ? '⌘' : 'Ctrl+';

export const SHORTCUTS: readonly [string, string][] = [
  [
    `${MOD}K`,
    'Command palette: open a tool, run the last call again, filter by annotation, connect to a saved server, switch theme, open Traffic',
  ],
  [`${MOD}Enter`, 'Call the open tool from its form (the same confirmation applies)'],
  ['Esc', 'Cancel the running call, or close the dialog on top'],
  ['/', 'Search tools'],
  ['↑ / ↓', 'Previous / next tool in the list'],
  ['?', 'This sheet'],
];

interface Props {
  /** The connected server's commands (its tools…), built when the palette opens. */
  commands: () => readonly Command[];
  onConnectSaved: (server: SavedServer) => void;
  /** The open server, which "Forget this server" forgets. */
  connectedUrl?: string;
  onForget: (what: Forgetting) => Promise<void>;
}

/** The top bar's right end: theme, the command palette and the shortcut sheet (and their keys). */
export function AppMenu({ commands, onConnectSaved, connectedUrl, onForget }: Props) {
  const { choice } = useTheme();
  const [open, setOpen] = useState<'palette' | 'shortcuts'>();
  const [forgetting, setForgetting] = useState<Forgetting>();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen('palette');
      } else if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) {
        return;
      } else if (event.key === '?') {
        event.preventDefault();
        setOpen('shortcuts');
      } else if (event.key === '/') {
        event.preventDefault();
        window.dispatchEvent(new Event(FOCUS_TOOL_SEARCH));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const all = useMemo((): Command[] => {
    if (open !== 'palette') return [];
    const servers = loadSavedServers().map((server): Command => ({
      id: `server:${server.name}`,
      group: 'Servers',
      label: `Connect to ${server.name}`,
      detail: server.url,
      run: () => onConnectSaved(server),
    }));
    const view: Command[] = [
      ...THEME_CHOICES.map((theme): Command => ({
        id: `theme:${theme}`,
        group: 'Actions',
        label: `Theme: ${theme}`,
        run: () => setTheme(theme),
      })),
      { id: 'traffic', group: 'Actions', label: 'Show or hide Traffic', run: () => dock.toggle('traffic') },
      { id: 'shortcuts', group: 'Help', label: 'Keyboard shortcuts', run: () => setOpen('shortcuts') },
    ];
    const forget: Command[] = [
      ...(connectedUrl
        ? [
            {
              id: 'forget-server',
              group: 'Servers' as const,
              label: 'Forget this server',
              detail: 'its History, saved calls, sign-in and settings',
              run: () => setForgetting({ kind: 'server', url: connectedUrl }),
            },
          ]
        : []),
      {
        id: 'clear-all',
        group: 'Servers',
        label: 'Clear all Toolscope data',
        detail: 'every server, in this browser',
        aliases: ['delete', 'privacy', 'reset'],
        run: () => setForgetting({ kind: 'all' }),
      },
    ];
    return [...commands(), ...servers, ...forget, ...view];
  }, [open, commands, onConnectSaved, connectedUrl]);

  return (
    <div className="ml-auto flex shrink-0 items-center gap-2 py-0.5">
      <Button variant="ghost" className="text-xs" aria-keyshortcuts={MAC ? 'Meta+K' : 'Control+K'} onClick={() => setOpen('palette')}>
        {/* A phone has no keyboard: the word, not the key. */}
        <span className="md:sr-only xl:not-sr-only">Commands</span>{' '}
        <kbd className="hidden font-mono text-[11px] text-muted md:inline">{MOD}K</kbd>
      </Button>
      {/* What a person sets once: the theme and the shortcuts' sheet (the palette has both too). */}
      <Popover summary="More" align="end" className="shrink-0">
        <div className="flex flex-col items-start gap-2">
          <label className="flex items-center gap-2 text-xs text-subtle">
            Theme
            <Select aria-label="Theme" className="text-xs" value={choice} options={THEME_CHOICES} onChange={setTheme} />
          </label>
          <Button variant="ghost" className="px-2 text-xs" aria-keyshortcuts="?" onClick={() => setOpen('shortcuts')}>
            Keyboard shortcuts
          </Button>
        </div>
      </Popover>
      {open === 'palette' ? <CommandPalette commands={all} serverUrl={connectedUrl} onClose={() => setOpen(undefined)} /> : null}
      {open === 'shortcuts' ? <ShortcutSheet onClose={() => setOpen(undefined)} /> : null}
      {forgetting ? (
        <ForgetDialog what={forgetting} onConfirm={() => onForget(forgetting)} onClose={() => setForgetting(undefined)} />
      ) : null}
    </div>
  );
}

function ShortcutSheet({ onClose }: { onClose: () => void }) {
  const id = useId();
  return (
    <Modal labelledBy={id} onCancel={onClose}>
      <h2 id={id} className="mb-2 text-base font-semibold">
        Keyboard shortcuts
      </h2>
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1 text-sm">
        {SHORTCUTS.map(([keys, action]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-field px-1 font-mono text-xs">{keys}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex justify-end">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
