// JSON Schema dialect of a tool schema: 2020-12 unless `$schema` names another (MCP Tools).
import { isRecord } from '../mcp/guards.ts';

export type Dialect = '2020-12' | 'draft-07';

export function schemaDialect(schema: unknown): Dialect {
  const declared = isRecord(schema) && typeof schema.$schema === 'string' ? schema.$schema : '';
  return /draft-0[4-7]/.test(declared) ? 'draft-07' : '2020-12';
}
