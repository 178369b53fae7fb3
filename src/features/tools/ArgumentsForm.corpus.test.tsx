// Every schema of the corpus renders (or falls back to JSON with a note) and an untouched form
// produces exactly the arguments its schema implies (the seed ArgumentsForm puts in a new draft).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { declaredDefaults } from '../../components/form/validators.ts';
import { applyFormValue, cleanArguments, emptyDraft } from '../../schema/argumentsDraft.ts';
import { CORPUS } from './ArgumentsForm.corpus.ts';
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

  const seededMarkup = (name: string) => {
    const entry = CORPUS.find((item) => item.name === name);
    if (!entry) throw new Error(`no corpus case ${name}`);
    const draft = applyFormValue(emptyDraft(), declaredDefaults(entry.schema));
    return renderToStaticMarkup(
      <ArgumentsForm schema={entry.schema} draft={draft} onChange={() => {}} onSubmit={() => {}} showErrors={false} />,
    );
  };

  it('a nullable model whose default is null starts as null, its fields hidden', () => {
    const markup = seededMarkup('nullable-ref-model-default-null');
    expect(markup).toMatch(/aria-label="Send Address as"><option value="unset">[^<]*<\/option><option value="null" selected="">/);
    expect(markup).not.toContain('id="root_address_street"');
  });

  it('a required recursive part is open from the start; recursion below it waits for "Add"', () => {
    const tree = seededMarkup('recursive-tree-required');
    expect(tree).toContain('id="root_root_name"');
    expect(tree).not.toContain('>Add root<');
    const chain = seededMarkup('recursive-required-self');
    expect(chain).toContain('<fieldset id="root_head"');
    expect(chain).not.toContain('>Add head<');
    expect(chain).toMatch(/>(Add next|Expand Cycle)</);
  });
});
