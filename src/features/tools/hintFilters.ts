import type { HintFilter } from '../../mcp/toolHints.ts';

/** The tool list's annotation filter, as the select and the command palette name it. */
export const HINT_FILTERS: readonly { value: HintFilter; label: string; chip: string }[] = [
  { value: 'all', label: 'all tools', chip: 'All' },
  { value: 'read-only', label: 'read-only only', chip: 'Read-only' },
  { value: 'destructive', label: 'may be destructive', chip: 'Destructive' },
  { value: 'open-world', label: 'open world', chip: 'Open world' },
];
