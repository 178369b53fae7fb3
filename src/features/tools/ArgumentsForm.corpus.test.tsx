// Every schema of the corpus renders (or falls back to JSON with a note) and an untouched form
// produces exactly the arguments its schema implies (the seed ArgumentsForm puts in a new draft).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { declaredDefaults } from '../../components/form/validators.ts';
import { cleanArguments, emptyDraft } from '../../schema/argumentsDraft.ts';
import { CORPUS } from '../../schema/corpus.ts';
import ArgumentsForm from './ArgumentsForm.tsx';

describe('argument form corpus', () => {
  it('holds at least 40 schemas', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  for (const entry of CORPUS) {
    it(`${entry.name} (${entry.source})`, () => {
      const markup = renderToStaticMarkup(
        <ArgumentsForm schema={entry.schema} draft={emptyDraft()} onChange={() => {}} onSubmit={() => {}} showErrors={false} />,
      );
      if (entry.jsonOnly) {
        expect(markup).toContain('role="note"');
        expect(markup).toContain('Arguments JSON');
        return;
      }
      expect(markup).not.toContain('could not build a form');
      expect(markup).toContain('aria-label="Arguments"');
      const properties = Object.keys((entry.schema.properties as Record<string, unknown> | undefined) ?? {});
      for (const property of properties) expect(markup, property).toContain(`id="root_${property}`);
      expect(cleanArguments(declaredDefaults(entry.schema))).toEqual(entry.untouched);
    });
  }
});
