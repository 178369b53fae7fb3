// What changed between two definitions of one tool, each change named by its JSON path
// (`get_forecast.inputSchema.properties.days.maximum: 30 → 90`), and whether it can break a caller
// written against the old one: a new required argument, an argument taken away, a narrower type, a
// tighter bound, an enum value dropped, an output property a caller reads gone. Pure.
import { isRecord } from '../mcp/guards.ts';

export interface DefinitionChange {
  path: string;
  /** Absent: the value was not there before (added). */
  before?: unknown;
  /** Absent: the value is gone (removed). */
  after?: unknown;
  /** Why a caller written against the old definition can break; absent when it cannot. */
  breaks?: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const step = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/** Every leaf that differs (arrays compared whole: an enum or a required list is one value). */
export function diffValues(before: unknown, after: unknown, path: string): DefinitionChange[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => {
      const had = Object.hasOwn(before, key);
      const has = Object.hasOwn(after, key);
      if (had && has) return diffValues(before[key], after[key], step(path, key));
      return [had ? { path: step(path, key), before: before[key] } : { path: step(path, key), after: after[key] }];
    });
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}

const TIGHTER_IF_LOWER = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);
const TIGHTER_IF_HIGHER = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);

const types = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []);
/** A type list that no longer takes every value the old one took ("integer" within "number"). */
function narrower(before: unknown, after: unknown): boolean {
  const old = types(before);
  const now = types(after);
  if (!old.length) return now.length > 0;
  return old.some((type) => !now.includes(type) && !(type === 'integer' && now.includes('number')));
}

const last = (path: string) => /(?:\.([A-Za-z_$][A-Za-z0-9_$]*)|\[("(?:[^"\\]|\\.)*"|\d+)\])$/.exec(path);
const lastKey = (path: string): string | undefined => {
  const match = last(path);
  if (!match) return undefined;
  if (match[1] !== undefined) return match[1];
  return match[2]?.startsWith('"') ? (JSON.parse(match[2]) as string) : match[2];
};

/** Why a change to a tool's definition can break its callers (the input and output schemas' rules). */
function breaks(change: DefinitionChange, tool: string): string | undefined {
  const inInput = change.path.startsWith(`${step(tool, 'inputSchema')}`);
  const inOutput = change.path.startsWith(`${step(tool, 'outputSchema')}`);
  if (!inInput && !inOutput) return undefined;
  const key = lastKey(change.path);
  const parentKey = lastKey(change.path.slice(0, change.path.length - (last(change.path)?.[0].length ?? 0)));
  if (inInput) {
    if (parentKey === 'properties') return change.after === undefined ? `the argument ${key ?? ''} was taken away` : undefined;
    if (key === 'required') {
      const added = types(change.after).filter((name) => !types(change.before).includes(name));
      return added.length ? `a new required argument: ${added.join(', ')}` : undefined;
    }
    if (key === 'type' && narrower(change.before, change.after)) return 'a narrower type';
    if (key === 'enum' && Array.isArray(change.before)) {
      const now = Array.isArray(change.after) ? change.after.map((value) => JSON.stringify(value)) : [];
      const gone = change.before.filter((value) => !now.includes(JSON.stringify(value)));
      // No enum any more takes every value; a shorter one refuses the values it dropped.
      if (!Array.isArray(change.after)) return undefined;
      return gone.length ? `a value it took is refused: ${gone.map((value) => JSON.stringify(value)).join(', ')}` : undefined;
    }
    if (key === 'additionalProperties' && change.after === false) return 'arguments it took are refused (additionalProperties: false)';
    if (key && typeof change.after === 'number') {
      const before = typeof change.before === 'number' ? change.before : undefined;
      if (TIGHTER_IF_LOWER.has(key) && (before === undefined || change.after < before)) return `a tighter bound (${key})`;
      if (TIGHTER_IF_HIGHER.has(key) && (before === undefined || change.after > before)) return `a tighter bound (${key})`;
    }
    if (key === 'pattern' || key === 'format' || key === 'const' || key === 'enum')
      return change.after === undefined ? undefined : `a new constraint (${key})`;
    return undefined;
  }
  // The output: a caller that reads structuredContent loses what it read.
  if (parentKey === 'properties') return change.after === undefined ? `the output property ${key ?? ''} is gone` : undefined;
  if (key === 'type' && change.before !== undefined && JSON.stringify(change.before) !== JSON.stringify(change.after))
    return 'the output’s type changed';
  if (key === 'required') {
    const dropped = types(change.before).filter((name) => !types(change.after).includes(name));
    return dropped.length ? `output properties no longer guaranteed: ${dropped.join(', ')}` : undefined;
  }
  return undefined;
}

/** The changes between a tool's locked and current definitions, each judged. */
export function definitionChanges(tool: string, before: unknown, after: unknown): DefinitionChange[] {
  return diffValues(before, after, tool).map((change) => {
    const reason = breaks(change, tool);
    return reason ? { ...change, breaks: reason } : change;
  });
}

const shown = (value: unknown) => {
  if (value === undefined) return '(none)';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

/** One change as a line: `path: before → after`. */
export const describeChange = (change: DefinitionChange) => `${change.path}: ${shown(change.before)} → ${shown(change.after)}`;
