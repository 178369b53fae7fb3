// Commands for the palette: what it lists and how it matches what the person types.
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
  group: 'Tools' | 'Servers' | 'View';
  run: () => void;
}

/** Every word typed must appear in the label, detail or keywords; label matches rank first. */
export function matchCommands(commands: readonly Command[], query: string, limit = 50): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return commands.slice(0, limit);
  const whole = words.join(' ');
  const scored: { command: Command; score: number }[] = [];
  for (const command of commands) {
    const label = command.label.toLowerCase();
    const haystack = `${label} ${command.detail?.toLowerCase() ?? ''} ${command.keywords?.toLowerCase() ?? ''}`;
    if (!words.every((word) => haystack.includes(word))) continue;
    const score = command.aliases?.includes(whole)
      ? -1
      : (label.startsWith(words[0] ?? '') ? 0 : 2) + (words.every((word) => label.includes(word)) ? 0 : 1);
    scored.push({ command, score });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((entry) => entry.command);
}
