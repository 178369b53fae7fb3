// Counts as people read them: 12,345. One shared formatter: toLocaleString builds one on every
// call, and the first one in a page loads the number-formatting data (~20 ms here) — which
// happened in the render that shows the first tools. `warmCounts` does that in an idle moment.

import { whenIdle } from './idle.ts';

let formatter: Intl.NumberFormat | undefined;

export const formatCount = (value: number): string => (formatter ??= new Intl.NumberFormat('en-US')).format(value);

/** Loads the formatting data ahead of the first count, when the page has nothing else to do. */
export function warmCounts(): void {
  whenIdle(() => formatCount(0), 2000);
}
