// Numbers the arguments cannot carry exactly (no Ajv here: the form bundle uses it too).
import type { SchemaIssue } from './validate.ts';

/**
 * Integers a JSON number cannot carry exactly through JavaScript (beyond ±2^53 − 1): typed
 * "9007199254740993" is already 9007199254740992 by the time it is sent. Reported per path.
 */
export function unsafeIntegers(value: unknown, path = ''): SchemaIssue[] {
  if (typeof value === 'number')
    return Number.isInteger(value) && !Number.isSafeInteger(value)
      ? [
          {
            path: path || '(root)',
            message: `is beyond the largest integer JavaScript holds exactly (±9,007,199,254,740,991) and would be sent as ${String(value)}; send it as a string if the server accepts one`,
          },
        ]
      : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => unsafeIntegers(child, `${path}/${key}`));
}
