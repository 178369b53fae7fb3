import { checkServerJson } from './src/registry/serverJson.ts';
for (const n of [1000, 2000, 4000]) {
const doc = { name: 'io.github.x/y', description: 'd', version: '1.0.0',
  packages: Array.from({ length: n }, (_, i) => ({ registryType: 'npm', identifier: 'p' + i, version: '^1', transport: { type: 'bogus' }, packageArguments: [{ type: 'weird' }] })) };
let t = performance.now();
checkServerJson(JSON.stringify(doc));
console.log(n, 'ms', Math.round(performance.now() - t));
}
