// A stdio server that crashes on demand (tests): while the file named by argv[2] exists it
// writes "boom" to stderr and exits with code 3; otherwise it is server-everything (stdio).
import { existsSync } from 'node:fs';

const crashFile = process.argv[2];
if (crashFile && existsSync(crashFile)) {
  console.error('boom');
  process.exit(3);
}
process.argv.splice(2, process.argv.length, 'stdio');
await import('@modelcontextprotocol/server-everything/dist/index.js');
