// Which of a schema's declared defaults an arguments value still holds as given: the form fills
// them in (what it shows is what is sent), and says once which of them go out with the call.
import { isRecord } from '../mcp/guards.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Dotted paths ("speed", "options.insured") of the defaults `value` still holds unchanged. */
export function defaultsKept(defaults: unknown, value: unknown, prefix = ''): string[] {
  if (!isRecord(defaults) || !isRecord(value)) return [];
  return Object.entries(defaults).flatMap(([key, given]) => {
    if (!Object.prototype.hasOwnProperty.call(value, key)) return [];
    const path = prefix ? `${prefix}.${key}` : key;
    const held = value[key];
    // An object of defaults is looked into: the person may have kept some and changed others.
    if (isRecord(given) && Object.keys(given).length > 0) return defaultsKept(given, held, path);
    return same(given, held) ? [path] : [];
  });
}
