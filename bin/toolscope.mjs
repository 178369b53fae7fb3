#!/usr/bin/env node
// `npx toolscope …` (see `toolscope --help`). In a clone it runs the TypeScript sources through
// tsx (a dev dependency); the installed package runs the bundle built by `npm pack`
// (dist-node/), with Node alone — no tsx, no Vite, no TypeScript.
import { existsSync } from 'node:fs';

const source = new URL('../server/cli/cli.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../dist-node/toolscope.mjs', import.meta.url).href);
}
