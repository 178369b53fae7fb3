// Runs `toolscope <args…>` from this clone as a user's terminal would (bin/toolscope.mjs), and
// gives back its exit status and what it printed, whether it succeeded or not.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runToolscope(args: string[], env: Record<string, string> = {}, timeout = 60_000): Promise<CliOutcome> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['bin/toolscope.mjs', ...args], {
      encoding: 'utf8',
      timeout,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
