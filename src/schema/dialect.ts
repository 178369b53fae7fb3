// JSON Schema dialect of a tool schema: 2020-12 unless `$schema` names another (MCP Tools).
import { isRecord } from '../mcp/guards.ts';

export type Dialect = '2020-12' | 'draft-07';

export function schemaDialect(schema: unknown): Dialect {
  const declared = isRecord(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  return /draft-0[4-7]/.test(declared) ? 'draft-07' : '2020-12';
}

const KNOWN = /^https?:\/\/json-schema\.org\/(draft-0[4-7]\/schema|draft\/2020-12\/schema|draft\/2019-09\/schema)#?$/;

/** Why the declared `$schema` is not one Toolscope checks with as declared; undefined when it is (or none is declared). */
export function dialectNote(schema: unknown): string | undefined {
  const declared = isRecord(schema) ? schema.$schema : undefined;
  if (declared === undefined) return undefined;
  if (typeof declared !== 'string' || !KNOWN.test(declared)) {
    return `$schema ${JSON.stringify(declared)?.slice(0, 80)} is not a JSON Schema dialect Toolscope knows: it is checked as 2020-12.`;
  }
  if (/draft-0[4-6]/.test(declared))
    return `$schema names ${/draft-0[4-6]/.exec(declared)?.[0]}: it is checked as draft-07, its nearest relative.`;
  return undefined;
}
