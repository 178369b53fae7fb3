import { describe, expect, it } from 'vitest';
import { objectSummary, tableColumns } from './layoutTemplates.tsx';
import { NULLABLE } from '../../schema/formSchema.ts';

describe('an array of flat objects as a table', () => {
  it('takes items whose every field is a plain scalar, as columns with titles and required marks', () => {
    const items = {
      type: 'object',
      properties: { sku: { type: 'string', title: 'SKU' }, quantity: { type: 'integer' }, gift: { type: 'boolean' } },
      required: ['sku'],
    };
    expect(tableColumns(items)).toEqual([
      { name: 'sku', title: 'SKU', required: true },
      { name: 'quantity', title: 'quantity', required: false },
      { name: 'gift', title: 'gift', required: false },
    ]);
  });

  it('leaves as groups: nested fields, nullable ones, files, too many columns, non-objects', () => {
    expect(tableColumns({ type: 'object', properties: { address: { type: 'object' } } })).toBeUndefined();
    expect(tableColumns({ type: 'object', properties: { note: { type: 'string', [NULLABLE]: true } } })).toBeUndefined();
    expect(tableColumns({ type: 'object', properties: { photo: { type: 'string', contentEncoding: 'base64' } } })).toBeUndefined();
    const wide = Object.fromEntries(Array.from({ length: 6 }, (_, index) => [`f${index}`, { type: 'string' }]));
    expect(tableColumns({ type: 'object', properties: wide })).toBeUndefined();
    expect(tableColumns({ type: 'string' })).toBeUndefined();
    expect(tableColumns({ type: 'object', properties: {} })).toBeUndefined();
  });
});

describe('a folded group’s one line', () => {
  it('says its set fields, nested ones in short, cut at 120 characters', () => {
    expect(objectSummary({ name: 'Ada', contact: { email: 'a@b' }, tags: [1, 2], unset: undefined })).toBe(
      'name: "Ada" · contact: {…} · tags: [2]',
    );
    expect(objectSummary({})).toBe('nothing set');
    expect(objectSummary(undefined)).toBe('nothing set');
    expect(objectSummary({ text: 'x'.repeat(300) })).toHaveLength(120);
  });
});
