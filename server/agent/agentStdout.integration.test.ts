// `toolscope mcp` speaks JSON-RPC on stdout: anything else in the process that logs (a dependency's
// console.log) must land on stderr, or it corrupts the stream an agent reads.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/toolscope.mjs', import.meta.url));
// Logs from inside the process, as a dependency would, every 20 ms once the agent is serving
// (from its first answer on stdout).
const NOISE = `data:text/javascript,const w=process.stdout.write.bind(process.stdout);let on=false;process.stdout.write=(...a)=>{if(!on){on=true;setInterval(()=>{console.log("log noise");console.info("info noise")},20).unref()}return w(...a)}`;

it('keeps stdout for JSON-RPC only: console.log and console.info go to stderr', async () => {
  const child = spawn(process.execPath, ['--import', NOISE, BIN, 'mcp'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
    );
    await expect.poll(() => stdout.includes('"id":1'), { timeout: 10_000 }).toBe(true);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' })}\n`);
    await expect.poll(() => stdout.includes('"id":2'), { timeout: 10_000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const lines = stdout.split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    expect(stdout).not.toContain('noise');
    expect(stderr).toContain('log noise');
  } finally {
    child.kill();
  }
}, 30_000);
