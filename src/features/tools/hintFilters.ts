import type { HintFilter } from '../../mcp/toolHints.ts';

/** The tool list's annotation filter, as the select and the command palette name it. */
export const HINT_FILTERS: readonly { value: HintFilter; label: string }[] = [
  { value: 'all', label: 'all tools' },
  { value: 'read-only', label: 'read-only only' },
  { value: 'destructive', label: 'may be destructive' },
  { value: 'open-world', label: 'open world' },
];
