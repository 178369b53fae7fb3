// How wide a field's control is, from its schema (the form's layout reads it too).
/**
 * How wide a scalar field's control is, from its schema: a bounded number needs a few digits, not
 * the pane's width; a short string or a choice a little more. Long or free text keeps the full width.
 */
export function controlWidth(schema: Record<string, unknown>): string | undefined {
  const types: unknown[] = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const type = types.find((each) => each !== 'null');
  if (type === 'integer' || type === 'number') {
    const bounded =
      (schema.minimum !== undefined || schema.exclusiveMinimum !== undefined) &&
      (schema.maximum !== undefined || schema.exclusiveMaximum !== undefined);
    return bounded ? 'max-w-28' : 'max-w-44';
  }
  if (type !== 'string') return undefined;
  if (Array.isArray(schema.enum)) return 'max-w-xs';
  if (schema.format === 'date' || schema.format === 'time') return 'max-w-48';
  if (schema.format === 'date-time') return 'max-w-64';
  if (typeof schema.maxLength === 'number' && schema.maxLength <= 40) return 'max-w-xs';
  return undefined;
}
