// Tiny type guards for parsing untrusted JSON off the wire without `as` casts.
export type JsonObject = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const optionalBoolean = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

export const optionalNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** Own-property read that ignores prototype keys such as `__proto__` or `constructor`. */
export function own(record: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** A record keyed by names a server chose: no prototype, so `constructor` or `__proto__` is just a name. */
export const nameRecord = <T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> => {
  const record = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) record[key] = value;
  return record;
};
