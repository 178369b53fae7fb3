#!/usr/bin/env node
// `npx toolscope report <server-url> …` from a clone after `npm install`: runs the TypeScript
// CLI through tsx (a dependency of this package), with Node only — no browser.
import { register } from 'tsx/esm/api';

register();
await import('../scripts/report.ts');
