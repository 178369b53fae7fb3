// A server.json (the MCP Registry's description of a server): its shape, and a check against the
// schema version it declares — the 2025-12-11 schema shipped with Toolscope (never fetched), with
// problems at JSON paths in words a publisher can act on. The schema's own descriptions add rules a
// schema cannot say (version ranges, an mcpb package's digest, a URL variable that is not declared):
// the registry rejects those too, so they are problems here.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { isRecord } from '../mcp/guards.ts';
import { createAjv } from '../schema/ajvSetup.ts';
import { templateVariables } from './templateVariables.ts';
import schema20251211 from './server.schema.2025-12-11.json' with { type: 'json' };

export const SCHEMA_2025_12_11 = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

export interface Input {
  description?: string;
  isRequired?: boolean;
  format?: 'string' | 'number' | 'boolean' | 'filepath';
  value?: string;
  isSecret?: boolean;
  default?: string;
  placeholder?: string;
  choices?: string[];
  variables?: Record<string, Input>;
}
export interface KeyValueInput extends Input {
  name: string;
}
export type Argument =
  | (Input & { type: 'positional'; valueHint?: string; isRepeated?: boolean })
  | (Input & { type: 'named'; name: string; isRepeated?: boolean });
export interface Transport {
  type: 'stdio' | 'streamable-http' | 'sse';
  url?: string;
  headers?: KeyValueInput[];
}
export interface Remote extends Transport {
  type: 'streamable-http' | 'sse';
  url: string;
  variables?: Record<string, Input>;
}
export interface Package {
  registryType: string;
  registryBaseUrl?: string;
  identifier: string;
  version?: string;
  fileSha256?: string;
  runtimeHint?: string;
  transport: Transport;
  runtimeArguments?: Argument[];
  packageArguments?: Argument[];
  environmentVariables?: KeyValueInput[];
}
export interface ServerDetail {
  $schema?: string;
  name: string;
  description: string;
  title?: string;
  version: string;
  websiteUrl?: string;
  repository?: { url: string; source: string; id?: string; subfolder?: string };
  icons?: { src: string; mimeType?: string; sizes?: string[]; theme?: string }[];
  packages?: Package[];
  remotes?: Remote[];
  _meta?: Record<string, unknown>;
}

export interface Problem {
  /** Where, as a JSON path from the document's root: `packages[0].version` ("(root)" for the whole). */
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface Checked {
  /** The document, when it parsed as a JSON object (it may still have problems). */
  value?: ServerDetail;
  problems: Problem[];
  /** The schema it was checked against. */
  schema: string;
}

let validator: ValidateFunction | undefined;
const validate = () => (validator ??= createAjv('draft-07').compile(schema20251211));

/** `/packages/0/version` → `packages[0].version`. */
export function jsonPath(pointer: string, extra?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined) parts.push(extra);
  let path = '';
  for (const part of parts) {
    if (/^\d+$/.test(part)) path += `[${part}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(part)) path += path ? `.${part}` : part;
    else path += `[${JSON.stringify(part)}]`;
  }
  return path || '(root)';
}

const at = (root: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, part) => (isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[part] : undefined), root);

// The unions the schema writes as anyOf, told apart by their `type`: a member is judged by its own
// branch only (a named argument is not a positional one missing its hint), and a member whose type
// is none of them gets one problem saying which types there are.
const UNIONS: [RegExp, Record<string, string>][] = [
  [/^\/packages\/\d+\/(?:package|runtime)Arguments\/\d+/, { positional: 'PositionalArgument', named: 'NamedArgument' }],
  [/^\/packages\/\d+\/transport/, { stdio: 'StdioTransport', 'streamable-http': 'StreamableHttpTransport', sse: 'SseTransport' }],
  [/^\/remotes\/\d+/, { 'streamable-http': 'StreamableHttpTransport', sse: 'SseTransport' }],
];

const branchValidators = new Map<string, ValidateFunction>();
function branch(definition: string, remote: boolean): ValidateFunction {
  const key = `${definition}|${remote}`;
  let found = branchValidators.get(key);
  if (!found) {
    const { definitions } = schema20251211;
    const own = { $ref: `#/definitions/${definition}` };
    // A remote is its transport and its variables (RemoteTransport's second part).
    const body = remote ? { allOf: [own, definitions.RemoteTransport.allOf[1]] } : own;
    found = createAjv('draft-07').compile({ ...body, definitions });
    branchValidators.set(key, found);
  }
  return found;
}

/** The union member an error belongs to (its path prefix, and the member's types), if any. */
function memberOf(error: ErrorObject): [string, Record<string, string>] | undefined {
  for (const [pattern, types] of UNIONS) {
    const prefix = pattern.exec(error.instancePath)?.[0];
    if (prefix) return [prefix, types];
  }
  return undefined;
}

// One pass over the errors (a file with 20,000 broken members must not take 20,000² steps).
function judgedByBranch(errors: ErrorObject[], root: unknown): ErrorObject[] {
  const members = new Map<string, Record<string, string>>();
  const kept: ErrorObject[] = [];
  for (const error of errors) {
    const member = memberOf(error);
    if (member) members.set(member[0], member[1]);
    else kept.push(error);
  }
  for (const [prefix, types] of members) {
    const member = at(root, prefix);
    const type = isRecord(member) ? member.type : undefined;
    const definition = typeof type === 'string' && Object.hasOwn(types, type) ? types[type] : undefined;
    if (!definition) {
      kept.push({
        instancePath: isRecord(member) && 'type' in member ? `${prefix}/type` : prefix,
        schemaPath: '#/union',
        keyword: isRecord(member) && !('type' in member) ? 'required' : 'enum',
        params: isRecord(member) && !('type' in member) ? { missingProperty: 'type' } : { allowedValues: Object.keys(types) },
      });
      continue;
    }
    const check = branch(definition, prefix.startsWith('/remotes/'));
    if (!check(member)) kept.push(...(check.errors ?? []).map((error) => ({ ...error, instancePath: `${prefix}${error.instancePath}` })));
  }
  return kept;
}

/** Every path at or above a precise (non-anyOf) error: an anyOf error there says nothing more. */
function coveredPaths(errors: readonly ErrorObject[]): Set<string> {
  const covered = new Set<string>();
  for (const error of errors) {
    if (error.keyword === 'anyOf') continue;
    let path = error.instancePath;
    for (;;) {
      covered.add(path);
      if (!path) break;
      path = path.slice(0, path.lastIndexOf('/'));
    }
  }
  return covered;
}

/** At most this many problems are described; the rest are counted (a file can hold any number). */
export const MAX_PROBLEMS = 500;

const shown = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : JSON.stringify(value);
const kind = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;

/** One Ajv error in words a publisher can act on, at its JSON path (server.json and Server Cards alike). */
export function describe(error: ErrorObject, root: unknown): Problem {
  const value = at(root, error.instancePath);
  const params = error.params as Record<string, unknown>;
  const path = jsonPath(error.instancePath, error.keyword === 'required' ? String(params.missingProperty) : undefined);
  const problem = (message: string): Problem => ({ path, message, severity: 'error' });
  switch (error.keyword) {
    case 'required':
      return problem('missing (required)');
    case 'maxLength':
      return problem(`${String(value).length} characters; at most ${String(params.limit)}`);
    case 'minLength':
      return problem(params.limit === 1 ? 'must not be empty' : `at least ${String(params.limit)} characters`);
    case 'pattern':
      if (path === 'name')
        return problem(`${shown(value)} is not namespace/name in reverse-DNS form with one slash (e.g. io.github.user/weather)`);
      if (/\.url$/.test(path)) return problem(`${shown(value)} must start with http:// or https:// and contain no spaces`);
      if (/fileSha256$/.test(path)) return problem('must be 64 lowercase hex digits (a SHA-256)');
      return problem(`${shown(value)} does not match ${String(params.pattern)}`);
    case 'not':
      return problem(`must be a specific version, not ${shown(value)}`);
    case 'enum':
      return problem(`${shown(value)} is not one of ${(params.allowedValues as unknown[]).map((item) => JSON.stringify(item)).join(', ')}`);
    case 'type':
      return problem(
        `must be ${String(params.type) === 'object' ? 'an object' : String(params.type) === 'array' ? 'an array' : `a ${String(params.type)}`}, got ${kind(value)}`,
      );
    case 'format':
      return problem(`${shown(value)} is not a ${String(params.format).toUpperCase()}`);
    default:
      return problem(error.message ?? error.keyword);
  }
}

const itemValidators = new Map<string, ValidateFunction>();
/** A validator for one item of a list, by its definition (checked alone, the errors' paths prefixed). */
function itemValidator(definition: 'Package' | 'RemoteTransport'): ValidateFunction {
  let found = itemValidators.get(definition);
  if (!found) {
    found = createAjv('draft-07').compile({ $ref: `#/definitions/${definition}`, definitions: schema20251211.definitions });
    itemValidators.set(definition, found);
  }
  return found;
}

/**
 * Ajv with allErrors takes time quadratic in a long list of failing anyOf members (20,000 broken
 * packages: minutes). So the lists are checked item by item, each alone, and the rest of the
 * document without them: the same errors, in time linear in the file.
 */
function schemaErrors(root: Record<string, unknown>): ErrorObject[] {
  const lists = (['packages', 'remotes'] as const).filter((field) => Array.isArray(root[field]));
  const check = validate();
  const errors: ErrorObject[] = [];
  if (!check({ ...root, ...Object.fromEntries(lists.map((field) => [field, []])) })) errors.push(...(check.errors ?? []));
  for (const field of lists) {
    const item = itemValidator(field === 'packages' ? 'Package' : 'RemoteTransport');
    (root[field] as unknown[]).forEach((value, index) => {
      if (!item(value))
        errors.push(...(item.errors ?? []).map((error) => ({ ...error, instancePath: `/${field}/${index}${error.instancePath}` })));
    });
  }
  return errors;
}

function schemaProblems(root: Record<string, unknown>): Problem[] {
  const raw = schemaErrors(root);
  if (!raw.length) return [];
  const errors = judgedByBranch(raw, root);
  // "must match a schema in anyOf" says nothing a more precise error at or under it does not.
  const covered = coveredPaths(errors);
  const precise = errors.filter((error) => error.keyword !== 'anyOf' || !covered.has(error.instancePath));
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const error of precise) {
    if (problems.length >= MAX_PROBLEMS) break;
    // A positional argument's anyOf of two `required`: one problem, both names.
    if (
      error.keyword === 'required' &&
      /^#\/allOf\/1\/anyOf\/\d\/required$/.test(error.schemaPath) &&
      /Arguments\/\d+$/.test(error.instancePath)
    ) {
      const path = jsonPath(error.instancePath);
      const key = `${path}|hint`;
      if (!seen.has(key)) problems.push({ path, message: 'a positional argument needs a valueHint or a value', severity: 'error' });
      seen.add(key);
      continue;
    }
    if (error.keyword === 'anyOf' && /Arguments\/\d+$/.test(error.instancePath)) continue;
    const described = describe(error, root);
    const key = `${described.path}|${described.message}`;
    if (!seen.has(key)) problems.push(described);
    seen.add(key);
  }
  return problems;
}

/** A version range (`^1.2`, `1.x`, `>=1`): server.json and Server Cards want one version. */
export const RANGE = /^[\^~<>=]|(^|\.)(x|\*)(\.|$)|\s-\s|\|\|/;

/** What the schema's descriptions require and the schema cannot say (the registry refuses these too). */
function ruleProblems(server: ServerDetail): Problem[] {
  const problems: Problem[] = [];
  if (typeof server.version === 'string' && RANGE.test(server.version))
    problems.push({ path: 'version', message: `${shown(server.version)} is a range; a version must be one version`, severity: 'error' });
  (Array.isArray(server.packages) ? server.packages : []).forEach((pkg, index) => {
    if (!isRecord(pkg)) return;
    if (typeof pkg.version === 'string' && RANGE.test(pkg.version))
      problems.push({
        path: `packages[${index}].version`,
        message: `${shown(pkg.version)} is a range; pin one version`,
        severity: 'error',
      });
    if (pkg.registryType === 'mcpb' && !pkg.fileSha256)
      problems.push({
        path: `packages[${index}].fileSha256`,
        message: 'missing: an mcpb package must give its SHA-256',
        severity: 'error',
      });
    if (Array.isArray(pkg.runtimeArguments) && pkg.runtimeArguments.length && !pkg.runtimeHint)
      problems.push({
        path: `packages[${index}].runtimeHint`,
        message: 'missing: runtimeArguments are given, so say which runtime they are for',
        severity: 'warning',
      });
  });
  (Array.isArray(server.remotes) ? server.remotes : []).forEach((remote, index) => {
    if (!isRecord(remote) || typeof remote.url !== 'string') return;
    const declared = isRecord(remote.variables) ? remote.variables : {};
    for (const name of templateVariables(remote.url))
      if (!Object.hasOwn(declared, name))
        problems.push({
          path: `remotes[${index}].url`,
          message: `{${name}} is not declared in remotes[${index}].variables`,
          severity: 'error',
        });
    if (remote.type === 'sse')
      problems.push({
        path: `remotes[${index}].type`,
        message: '"sse" is the deprecated HTTP+SSE transport; offer "streamable-http"',
        severity: 'warning',
      });
  });
  return problems;
}

/** Parse and check a server.json text (or an already parsed value). */
export function checkServerJson(input: unknown): Checked {
  let root: unknown = input;
  if (typeof input === 'string') {
    try {
      root = JSON.parse(input);
    } catch (error) {
      const where = /position (\d+)/.exec(String(error))?.[1];
      const line = where ? input.slice(0, Number(where)).split('\n').length : undefined;
      return {
        problems: [{ path: '(root)', message: `not JSON${line ? ` (line ${line})` : ''}: ${(error as Error).message}`, severity: 'error' }],
        schema: SCHEMA_2025_12_11,
      };
    }
  }
  if (!isRecord(root))
    return {
      problems: [{ path: '(root)', message: `must be an object, got ${kind(root)}`, severity: 'error' }],
      schema: SCHEMA_2025_12_11,
    };
  const problems: Problem[] = [];
  const declared = root.$schema;
  if (declared === undefined)
    problems.push({
      path: '$schema',
      message: 'missing; checked against the 2025-12-11 schema (say which one the file follows)',
      severity: 'warning',
    });
  else if (declared !== SCHEMA_2025_12_11)
    problems.push({
      path: '$schema',
      message: `${shown(declared)} is not a schema Toolscope ships; checked against 2025-12-11 (the registry's current one)`,
      severity: 'warning',
    });
  problems.push(...schemaProblems(root), ...ruleProblems(root as unknown as ServerDetail));
  if (problems.length > MAX_PROBLEMS) {
    const more = problems.length - MAX_PROBLEMS;
    problems.length = MAX_PROBLEMS;
    problems.push({ path: '(root)', message: `and ${more}+ more problems, not listed (the first ${MAX_PROBLEMS} are)`, severity: 'error' });
  }
  return { value: root as unknown as ServerDetail, problems, schema: SCHEMA_2025_12_11 };
}
