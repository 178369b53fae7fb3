// The files a command line names (an mcpServers config, a queries file, a lockfile), read before
// any server starts: one that cannot be read or parsed is a usage error naming it (exit 2).
import { readFileSync } from 'node:fs';
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { readMcpServersFile, type HostEntry } from '../../src/lib/mcpServersFile.ts';
import { parseQueries, type ToolQuery } from '../../src/report/queries.ts';
import { parseLockfile, type Lockfile } from '../../src/report/lockfile.ts';
import { UsageError } from './cliOptions.ts';

function read(option: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${option}${file}: ${errorMessage(error)}`);
  }
}

/** The entries of an mcpServers file named on the command line. */
export function readConfig(file: string): HostEntry[] {
  const parsed = readMcpServersFile(read('--config ', file));
  if ('error' in parsed) throw new UsageError(`--config ${file}: ${parsed.error}`);
  return parsed.entries;
}

export function readQueries(file: string | undefined): ToolQuery[] | undefined {
  if (file === undefined) return undefined;
  const parsed = parseQueries(read('--queries ', file));
  if ('error' in parsed) throw new UsageError(`--queries ${file}: ${parsed.error}`);
  return parsed.queries;
}

export async function readLock(file: string): Promise<Lockfile> {
  const lock = await parseLockfile(read('--lock ', file));
  if ('error' in lock) throw new UsageError(`--lock ${file}: ${lock.error}.`);
  return lock;
}
