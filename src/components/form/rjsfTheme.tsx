// A Tailwind look for @rjsf/core: structural templates here, the stock widgets styled by the
// `.rjsf` rules in app/styles.css. Every label, description and error is rendered as text.
import { Alert } from '../ui/Alert.tsx';
import { getTemplate, getUiOptions } from '@rjsf/utils';
import type {
  DescriptionFieldProps,
  ErrorListProps,
  FieldTemplateProps,
  MultiSchemaFieldTemplateProps,
  TemplatesType,
  TitleFieldProps,
} from '@rjsf/utils';
import { NULLABLE, RAW_REF, RECURSIVE } from '../../schema/formSchema.ts';

import { AddRecursive, FixedValue, NullChoice, RawJsonField, startingValue } from './FieldExtras.tsx';
import { Button } from '../ui/Button.tsx';
import { inlineMarkdown } from '../ui/inlineMarkdown.tsx';
import { controlWidth } from './controlWidth.ts';
import { ArrayFieldTemplate, CellContext, ObjectFieldTemplate } from './layoutTemplates.tsx';
import { useContext } from 'react';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, registry, uiSchema, rawErrors, schema } = props;
  const { onChange, fieldPathId } = props;
  const formData: unknown = props.formData;
  const marks: Record<string, unknown> = schema;
  const options = getUiOptions(uiSchema);
  const Wrap = getTemplate('WrapIfAdditionalTemplate', registry, options);
  const cell = useContext(CellContext);
  if (hidden) return <div className="hidden">{children}</div>;
  const isCheckbox = options.widget === 'checkbox' || props.schema.type === 'boolean';
  const name = label || fieldPathId.path.at(-1)?.toString() || 'value';
  const set = (value: unknown) => onChange(value, fieldPathId.path);
  const reference = marks[RAW_REF];
  const nullable = marks[NULLABLE] === true;
  const recursive = marks[RECURSIVE] === true;
  const width = controlWidth(marks);
  let body = width ? <div className={width}>{children}</div> : children;
  if ('const' in marks && required) {
    // One allowed value (a variant's tag, say): shown, and filled in once its object holds
    // anything at all — an optional object the user never touched stays unsent.
    const root: unknown = isRecord(registry.formContext) ? registry.formContext.root : undefined;
    const parent = fieldPathId.path
      .slice(0, -1)
      .reduce<unknown>((at, key) => (isRecord(at) || Array.isArray(at) ? (at as Record<string, unknown>)[key] : undefined), root);
    body = <FixedValue id={id} value={marks.const} current={formData} onSet={isRecord(parent) ? set : undefined} />;
  } else if (typeof reference === 'string') {
    body = <RawJsonField id={id} label={name} reference={reference} value={formData} required={Boolean(required)} onChange={set} />;
  } else if (recursive && formData === undefined) {
    // Expanded on demand: a recursive part renders only once the user adds it.
    body = <AddRecursive id={id} label={name} onAdd={() => set(startingValue(marks))} />;
  } else if (recursive && !required) {
    body = (
      <>
        {children}
        <Button variant="ghost" className="self-start px-2 py-0.5 text-xs" onClick={() => set(undefined)}>
          Remove {name}
        </Button>
      </>
    );
  }
  if (nullable) {
    // An object or array titles itself inside its body: while it is null that body is gone, so
    // the field's title (and what it is for) shows here instead.
    const untitled = !displayLabel && formData === null;
    body = (
      <>
        {untitled ? <span className="text-sm font-medium text-ink">{name}</span> : null}
        {untitled && typeof marks.description === 'string' ? <p className="text-xs text-muted">{marks.description}</p> : null}
        <NullChoice
          label={name}
          value={formData}
          required={Boolean(required)}
          onChoose={(state) => set(state === 'unset' ? undefined : state === 'null' ? null : startingValue(marks))}
        />
        {formData === null ? null : body}
      </>
    );
  }
  if (cell) {
    // A table cell: the column's header names it; the label stays for assistive tech.
    return (
      <div className={`flex flex-col gap-1 ${rawErrors?.length ? 'rjsf-has-error' : ''}`}>
        {displayLabel && !isCheckbox && label ? (
          <label htmlFor={id} className="sr-only">
            {label}
          </label>
        ) : null}
        {body}
        {errors}
      </div>
    );
  }
  return (
    // eslint-disable-next-line react-hooks/static-components -- RJSF's registry hands back a stable template component.
    <Wrap {...props}>
      <div className={`flex flex-col gap-1 ${rawErrors?.length ? 'rjsf-has-error' : ''}`}>
        {displayLabel && !isCheckbox && label ? (
          <span className="text-sm font-medium text-ink">
            {/* The star sits outside <label> so the field's label text is exactly its title. */}
            <label htmlFor={id}>{label}</label>
            {required ? (
              <span className="ml-0.5 text-red-600" aria-hidden="true" title="required">
                *
              </span>
            ) : null}
            {marks.deprecated === true ? (
              <span className="ml-2 rounded bg-amber-100 px-1 text-xs font-normal text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                deprecated
              </span>
            ) : null}
            {marks.readOnly === true ? <span className="ml-2 text-xs font-normal text-muted">(read-only)</span> : null}
          </span>
        ) : null}
        {displayLabel && description ? description : null}
        {/* The default once: not above a field that already holds it, nor when the description says it. */}
        {displayLabel && marks.default !== undefined && !isCheckbox && !sameJson(formData, marks.default) && !saysDefault(marks) ? (
          <p className="text-xs text-muted">
            Default: <code>{JSON.stringify(marks.default).slice(0, 200)}</code>
          </p>
        ) : null}
        {body}
        {errors}
        {help}
      </div>
    </Wrap>
  );
}

/** Whether the field's own description already gives its default ("default 10", "Defaults to 10"). */
function saysDefault(schema: Record<string, unknown>): boolean {
  if (typeof schema.description !== 'string') return false;
  const value = typeof schema.default === 'string' ? schema.default : JSON.stringify(schema.default);
  const at = schema.description.toLowerCase().search(/default(s| is| to|:)?\b/);
  return at >= 0 && schema.description.slice(at, at + 40 + value.length).includes(value);
}

function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <p id={id} className="text-xs whitespace-pre-wrap text-muted">
      {typeof description === 'string' ? inlineMarkdown(description) : description}
    </p>
  );
}

function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  // The root's title is the schema's name for the whole arguments object (Pydantic's
  // "preview_orderArguments"): the tool's own heading already says what this form is for.
  if (id === 'root__title') return null;
  return (
    <legend id={id} className="mb-1 text-sm font-semibold">
      {title}
      {required ? <span className="ml-0.5 text-red-600">*</span> : null}
    </legend>
  );
}

function ErrorListTemplate({ errors }: ErrorListProps) {
  return (
    <Alert tone="danger" role="alert">
      <p className="font-medium">The arguments do not match the tool’s input schema:</p>
      <ul className="list-disc pl-5">
        {errors.map((error, index) => (
          <li key={index}>{error.stack}</li>
        ))}
      </ul>
    </Alert>
  );
}

/** A oneOf/anyOf variant selector, labelled (RJSF's own has no accessible name). */
function MultiSchemaFieldTemplate({ schema, selector, optionSchemaField }: MultiSchemaFieldTemplateProps) {
  return (
    <div className="flex flex-col gap-2">
      {selector ? (
        <label className="flex flex-col gap-1 text-xs font-medium text-subtle">
          {`${typeof schema.title === 'string' ? schema.title : 'Value'} variant`}
          {selector}
        </label>
      ) : null}
      {optionSchemaField}
    </div>
  );
}

export const tailwindTemplates: Partial<TemplatesType> = {
  MultiSchemaFieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  FieldTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ErrorListTemplate,
};
