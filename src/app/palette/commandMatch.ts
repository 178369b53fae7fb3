// How the palette matches what the person types: fuzzy (fuzzysort: Sublime Text's letters-in-order,
// word starts ranked first), so "srch cat" finds "Search the catalog"; the characters that matched
// are returned for marking. Loaded when the palette first opens, not with the start screen.
import fuzzysort from 'fuzzysort';
import { COMMAND_GROUPS, storedKey, type Command } from './commands.ts';

export interface CommandMatch {
  command: Command;
  /** The section the row is listed under: its group, or Recent. */
  section: (typeof COMMAND_GROUPS)[number];
  /** Indexes of the label's characters that matched the query (for marking them). */
  marks: readonly number[];
}

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
