// A stdio server with its bytes watched, for the tap's tests: `node teeChild.mjs DIR -- cmd args…`
// runs cmd as its child and copies, byte for byte, what it reads on stdin into DIR/stdin.bin and
// what the child writes on stdout into DIR/stdout.bin (passing both on), and writes its own pid and
// the child's into DIR/pids.json. It goes when its stdin closes (the child's is closed too).
import { spawn } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, separator, command, ...args] = process.argv.slice(2);
if (!dir || separator !== '--' || !command) {
  console.error('usage: node teeChild.mjs DIR -- cmd [args…]');
  process.exit(2);
}
writeFileSync(join(dir, 'stdin.bin'), '');
writeFileSync(join(dir, 'stdout.bin'), '');
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
writeFileSync(join(dir, 'pids.json'), JSON.stringify({ tee: process.pid, server: child.pid }));
process.stdin.on('data', (chunk) => {
  appendFileSync(join(dir, 'stdin.bin'), chunk);
  child.stdin.write(chunk);
});
process.stdin.on('end', () => child.stdin.end());
child.stdout.on('data', (chunk) => {
  appendFileSync(join(dir, 'stdout.bin'), chunk);
  process.stdout.write(chunk);
});
child.on('close', (code) => process.exit(code ?? 1));
// A test must never leave it behind.
setTimeout(() => child.kill('SIGKILL'), 5 * 60_000).unref();
