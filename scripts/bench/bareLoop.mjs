// The bare reference for `toolscope load` at concurrency 1, in a process of its own as the bench
// is: the official client, connected the way the bench harness connects it, WARMUP calls, then N
// calls of TOOL one after another; prints the median latency (ms). Usage: node bareLoop.mjs URL TOOL ARGS N WARMUP
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const [url, name, args, count, warmup] = process.argv.slice(2);
const client = new Client({ name: 'bench-reference', version: '0' }, { versionNegotiation: { mode: 'auto' } });
await client.connect(new StreamableHTTPClientTransport(new URL(url)));
const call = () => client.callTool({ name, arguments: JSON.parse(args) });
for (let index = 0; index < Number(warmup); index++) await call();
const durations = [];
for (let index = 0; index < Number(count); index++) {
  const started = performance.now();
  await call();
  durations.push(performance.now() - started);
}
await client.close();
durations.sort((a, b) => a - b);
console.log(durations[Math.floor(durations.length / 2)]);
