// A test suite for `toolscope test` (issue 83): JSON (or YAML 1.2, by its .yaml/.yml name), checked against the suite's JSON Schema
// (schemas/toolscope-suite.schema.json, shipped in the package) before anything runs — an unknown
// key, a bad matcher or a JSONPath that does not parse is a usage error naming its place, exit 2.
import parsePath from 'jsonpath-rfc9535/parser';
import { parse as parseYaml } from 'yaml';
import schema from '../../schemas/toolscope-suite.schema.json' with { type: 'json' };
import { errorMessage } from '../../src/lib/errorMessage.ts';
import { deeperThan, MAX_JSON_DEPTH } from '../../src/lib/jsonDepth.ts';
import { createAjv } from '../../src/schema/ajvSetup.ts';
import { UsageError } from '../cli/cliOptions.ts';

export type OutcomeWord = 'ok' | 'tool-error' | 'protocol-error' | 'invalid-output';

export interface Matchers {
  equals?: unknown;
  matches?: string;
  contains?: unknown;
  gte?: number;
  lte?: number;
  length?: number;
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
  exists?: boolean;
}

export interface Expectation {
  outcome?: OutcomeWord;
  maxMs?: number;
  /** JSONPath into structuredContent → a literal (not an object) or matchers. */
  structuredContent?: Record<string, unknown>;
  schema?: unknown;
  /** Keep the result in __snapshots__/ and compare it every run; `ignore`: JSONPaths into the result that change every run. */
  snapshot?: boolean | { ignore: string[] };
}

export interface SuiteTest {
  name: string;
  tool: string;
  /** For the reader: the flag the tool needed when the suite was written (the gate decides from the server's hints). */
  needs?: 'writes' | 'destructive';
  arguments?: Record<string, unknown>;
  expect?: Expectation;
  save?: Record<string, string>;
}

export interface Suite {
  $comment?: string;
  tests: SuiteTest[];
}

/** A suite file's text past this is refused: a suite is a list of calls, not data. */
export const MAX_SUITE_BYTES = 4 * 1024 * 1024;

const validate = createAjv('2020-12').compile(schema);

/** The suite in `text` (named `file` in messages), or a UsageError that names the place that is wrong. */
export function parseSuite(text: string, file: string): Suite {
  if (text.length > MAX_SUITE_BYTES)
    throw new UsageError(`${file}: larger than ${MAX_SUITE_BYTES / 1024 / 1024} MB; a suite is a list of calls.`);
  const yaml = /\.ya?ml$/i.test(file);
  let value: unknown;
  try {
    // YAML: the 1.2 core schema (no dates, no custom tags), a key given twice refused, aliases bounded.
    value = yaml ? parseYaml(text, { uniqueKeys: true, maxAliasCount: 100, prettyErrors: false }) : JSON.parse(text);
  } catch (error) {
    const why = error instanceof RangeError ? `nested too deep to read (${errorMessage(error)})` : errorMessage(error);
    throw new UsageError(`${file}: not ${yaml ? 'YAML' : 'JSON'} (${why}).`);
  }
  // Every walk after this (the schema's check, ${name} filling, canonical forms) recurses.
  if (deeperThan(value, MAX_JSON_DEPTH))
    throw new UsageError(`${file}: nests more than ${MAX_JSON_DEPTH} levels deep; a suite is a list of calls.`);
  if (!validate(value)) {
    const first = validate.errors?.[0];
    const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : 'the suite';
    const what =
      first?.keyword === 'additionalProperties'
        ? `has an unknown key "${String(first.params.additionalProperty)}"${/\/structuredContent\/[^/]+$/.test(first.instancePath) ? ' (not a matcher: equals, matches, contains, gte, lte, length, type, exists)' : ''}`
        : (first?.message ?? 'is not valid');
    throw new UsageError(`${file}: ${where} ${what} (the suite's schema: schemas/toolscope-suite.schema.json).`);
  }
  const suite = value as unknown as Suite;
  // A snapshot is kept under its test's name: two tests of one name would share it.
  const names = suite.tests.map((test) => test.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new UsageError(`${file}: two tests are named "${twice}"; each test needs a name of its own.`);
  // Every JSONPath is parsed now: a path that cannot be read fails before the first call.
  for (const [index, test] of suite.tests.entries()) {
    const snapshot = test.expect?.snapshot;
    const paths = [
      ...Object.keys(test.expect?.structuredContent ?? {}),
      ...Object.values(test.save ?? {}),
      ...(typeof snapshot === 'object' ? snapshot.ignore : []),
    ];
    for (const path of paths) {
      try {
        parsePath(path);
      } catch (error) {
        throw new UsageError(`${file}: tests.${index} (${test.name}): ${path} is not a JSONPath (RFC 9535): ${errorMessage(error)}`);
      }
    }
  }
  return suite;
}
