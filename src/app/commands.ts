// Commands for the palette: what it lists and how it matches what the person types.
// Matching is fuzzy (fuzzysort: Sublime Text's letters-in-order, word starts ranked first), so
// "srch cat" finds "Search the catalog"; the characters that matched are returned for marking.
import fuzzysort from 'fuzzysort';
import { readStored, writeStored } from '../web/storage.ts';
import { serverStorageKey } from '../lib/serverKey.ts';

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

export interface CommandMatch {
  command: Command;
  /** The section the row is listed under: its group, or Recent. */
  section: (typeof COMMAND_GROUPS)[number];
  /** Indexes of the label's characters that matched the query (for marking them). */
  marks: readonly number[];
}

const RECENT_LIMIT = 5;
/** A match in the detail counts a little less than one in the label; one in a description, half. */
const DETAIL_WEIGHT = 0.9;
const KEYWORD_WEIGHT = 0.5;
/** A command used lately wins a close race. */
const RECENT_BONUS = 0.05;
const THRESHOLD = 0.2;

/**
 * Empty query: the pinned commands, the recent ones, then every group in order. Otherwise: a command an alias
 * names exactly first, then by fuzzy score (label over detail over keywords; recent ones a little
 * ahead); every word typed must match somewhere.
 */
export function matchCommands(
  commands: readonly Command[],
  query: string,
  { recent = [], limit = 50 }: { recent?: readonly string[]; limit?: number } = {},
): CommandMatch[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  // `recent` holds stored keys (storedKey): a command is recent when its key is there.
  const rank = new Map(recent.map((key, index) => [key, index]));
  const recentRank = { has: (id: string) => rank.has(storedKey(id)), get: (id: string) => rank.get(storedKey(id)) };
  if (!words.length) {
    const pinned = commands.filter((command) => command.pinned);
    const first = commands
      .filter((command) => !command.pinned && recentRank.has(command.id))
      .sort((a, b) => (recentRank.get(a.id) ?? 0) - (recentRank.get(b.id) ?? 0));
    const rest = commands
      .filter((command) => !command.pinned && !recentRank.has(command.id))
      .sort((a, b) => COMMAND_GROUPS.indexOf(a.group) - COMMAND_GROUPS.indexOf(b.group));
    return [
      ...pinned.map((command) => ({ command, section: command.group, marks: [] })),
      ...first.map((command) => ({ command, section: 'Recent' as const, marks: [] })),
      ...rest.map((command) => ({ command, section: command.group, marks: [] })),
    ].slice(0, limit);
  }
  const whole = words.join(' ');
  const found: (CommandMatch & { score: number })[] = [];
  for (const command of commands) {
    const scored = scoreCommand(command, words);
    if (!scored) continue;
    const named = command.aliases?.includes(whole) ? 1 : 0;
    found.push({
      command,
      section: command.group,
      marks: scored.marks,
      score: named * 10 + scored.score + (recentRank.has(command.id) ? RECENT_BONUS : 0),
    });
  }
  return found
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ command, section, marks }) => ({ command, section, marks }));
}

/**
 * Each word typed must match, in order of its letters, the label, the detail or the keywords; its
 * score is its best weighted match; the command's score is the words' mean. Undefined: no match.
 */
function scoreCommand(command: Command, words: readonly string[]): { score: number; marks: number[] } | undefined {
  let total = 0;
  const marks = new Set<number>();
  for (const word of words) {
    const label = fuzzysort.single(word, command.label);
    const detail = command.detail ? fuzzysort.single(word, command.detail) : null;
    const keywords = command.keywords ? fuzzysort.single(word, command.keywords) : null;
    const best = Math.max(label?.score ?? 0, (detail?.score ?? 0) * DETAIL_WEIGHT, (keywords?.score ?? 0) * KEYWORD_WEIGHT);
    if (best < THRESHOLD) return undefined;
    if (label && label.score >= best) for (const index of label.indexes) marks.add(index);
    total += best;
  }
  return { score: total / words.length, marks: [...marks].sort((a, b) => a - b) };
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
