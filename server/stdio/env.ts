// The child's environment, as other MCP hosts build it: only a minimal inherited set (PATH,
// HOME, USER, SHELL, TERM, LOGNAME — the SDK's own list, so Toolscope's own secrets and the
// terminal's tokens do not leak into a server by default), with what the user passed over it:
// --env-file first, then the config's "env", then each --env KEY=VALUE.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { DEFAULT_INHERITED_ENV_VARS, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import { errorMessage } from '../../src/lib/errorMessage.ts';

export { DEFAULT_INHERITED_ENV_VARS };

/** A dotenv file (KEY=VALUE lines, # comments, quotes), read with Node's own parser. */
export function readEnvFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`--env-file ${path}: ${errorMessage(error)}`);
  }
  return parseEnv(text) as Record<string, string>;
}

export function childEnvironment(...layers: readonly Record<string, string>[]): Record<string, string> {
  return Object.assign(getDefaultEnvironment(), ...layers) as Record<string, string>;
}
