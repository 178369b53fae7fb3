// cross-spawn's escaping for cmd.exe (lib/util/escape.js, CommonJS, no types of its own): imported
// by ./spawnPlan.ts as a module, so the package's bundle carries it (no require at run time).
declare module 'cross-spawn/lib/util/escape.js' {
  /** A command name with cmd.exe's metacharacters escaped (^). */
  export function command(text: string): string;
  /** One argument quoted for cmd.exe; `doubleEscape` for a node_modules/.bin shim, which cmd.exe reads twice. */
  export function argument(text: string, doubleEscape: boolean): string;
}
