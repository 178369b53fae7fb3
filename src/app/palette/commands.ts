// Commands for the palette: what it lists, and the recent ones it remembers. How it matches what
// the person types is commandMatch.ts (fuzzysort), loaded when the palette first opens.
import { readStored, writeStored } from '../../web/storage.ts';
import { serverStorageKey } from '../../lib/serverKey.ts';

/** The palette's sections, in the order they are listed. */
export const COMMAND_GROUPS = ['Recent', 'Tools', 'Servers', 'Actions', 'Help'] as const;
export type CommandGroup = Exclude<(typeof COMMAND_GROUPS)[number], 'Recent'>;

export interface Command {
  id: string;
  /** What the row says, e.g. "Search the catalog". */
  label: string;
  /** A second, dimmed line: the raw tool name, the URL… */
  detail?: string;
  /** Also searched (a tool's description). */
  keywords?: string;
  /** Queries this command answers before anything else ("report" opens the report, not a tool named report_…). */
  aliases?: readonly string[];
  group: CommandGroup;
  /** Listed first while the query is empty (what is urgent now: cancelling a running call). */
  pinned?: boolean;
  run: () => void;
}

/**
 * How a command is kept among the recent ones. localStorage holds only what the person chose, never
 * a server's text: a tool's command is kept as a hash of its name (enough to know it again).
 */
export function storedKey(id: string): string {
  if (!id.startsWith('tool:')) return id;
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193) >>> 0;
  return `tool#${hash.toString(36)}`;
}

const RECENT_LIMIT = 5;

/** Where the recent commands are kept: per server when one is open (forgotten with it). */
const recentKey = (url: string | undefined) => (url ? serverStorageKey('palette', url) : 'toolscope:palette');

export function loadRecentCommands(url: string | undefined): string[] {
  return (
    readStored(recentKey(url), (value) =>
      Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string').slice(0, RECENT_LIMIT) : undefined,
    ) ?? []
  );
}

export function rememberCommand(url: string | undefined, id: string): void {
  const key = storedKey(id);
  writeStored(recentKey(url), [key, ...loadRecentCommands(url).filter((known) => known !== key)].slice(0, RECENT_LIMIT));
}
