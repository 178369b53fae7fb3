// Saved calls as a file (export / import): what is written, and what a file read back may hold.
import { errorMessage } from '../../lib/errorMessage.ts';
import { redactUrl } from '../../lib/redactUrl.ts';
import { isRecord } from '../../mcp/guards.ts';

export interface PortableCall {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  expected: unknown;
}

const FORMAT = 'toolscope-saved-calls';

export function exportSaved(server: string, calls: readonly PortableCall[]): string {
  return JSON.stringify(
    {
      format: FORMAT,
      version: 1,
      server: redactUrl(server).url,
      calls: calls.map(({ name, tool, args, expected }) => ({ name, tool, args, expected })),
    },
    null,
    2,
  );
}

/** A file of saved calls: the calls in it, or why it cannot be read. Nothing in it is trusted beyond its shape. */
export function parseSavedFile(text: string): { calls: PortableCall[] } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `Not JSON: ${errorMessage(error)}` };
  }
  if (!isRecord(value) || value.format !== FORMAT || !Array.isArray(value.calls)) {
    return { problem: `Not a Toolscope saved-calls file (expected "format": "${FORMAT}" and a "calls" array).` };
  }
  const calls = value.calls.flatMap((call): PortableCall[] =>
    isRecord(call) && typeof call.name === 'string' && typeof call.tool === 'string' && isRecord(call.args)
      ? [{ name: call.name.slice(0, 200), tool: call.tool, args: call.args, expected: call.expected }]
      : [],
  );
  if (calls.length !== value.calls.length)
    return { problem: `${value.calls.length - calls.length} entries lack a name, tool or arguments object.` };
  return { calls };
}
