// The one place a JSON Schema becomes a form: tool arguments and elicitation answers both
// render through it, with the same theme, dialect-aware validator, schema adaptation and crash
// containment (a schema the renderer cannot handle shows `fallback`, never a blank page).
import Form from '@rjsf/core';
import type { FormValidation, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { forwardRef, useMemo, type ComponentProps, type ElementType, type ReactNode } from 'react';
import { nullableAt, prepareFormSchema } from '../../schema/formSchema.ts';
import { unsafeIntegers } from '../../schema/numbers.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { tailwindTemplates } from './rjsfTheme.tsx';
import { TextOrFileWidget } from './Base64FileWidget.tsx';
import { SelectWidget } from './SelectWidget.tsx';
import { validatorFor, type FormStateBehavior } from './validators.ts';

const widgets = { TextWidget: TextOrFileWidget, SelectWidget };

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };

// RJSF renders its own <form>; a named tag gives it the accessible name (role "form").
const namedForms = new Map<string, ElementType>();
function namedForm(label: string): ElementType {
  let tag = namedForms.get(label);
  if (!tag) {
    tag = forwardRef<HTMLFormElement, ComponentProps<'form'>>(function NamedForm(props, ref) {
      return <form ref={ref} aria-label={label} {...props} />;
    });
    namedForms.set(label, tag);
  }
  return tag;
}

interface Props {
  /** The form's accessible name. */
  label: string;
  schema: Record<string, unknown>;
  value: unknown;
  onChange: (value: unknown) => void;
  onSubmit: (value: unknown) => void;
  behavior: FormStateBehavior;
  /** Show field errors as the user types (after a first failed attempt). */
  liveErrors: boolean;
  fallback: (error: Error) => ReactNode;
  children?: ReactNode;
  /** Shown under a text field, by the field's name (a prompt's completions). */
  fieldExtra?: (name: string) => ReactNode;
}

/** RJSF's error `property` (".lines.0.note") as path segments. */
const segmentsOf = (property: string | undefined): (string | number)[] =>
  (property ?? '')
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

const valueAt = (value: unknown, path: readonly (string | number)[]): unknown =>
  path.reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), value);

/** A null in a nullable field is valid, even where the form schema's branch (a $ref, an enum) says otherwise. */
function withoutNullableNulls(formSchema: Record<string, unknown>, value: unknown) {
  return (errors: RJSFValidationError[]) =>
    errors.filter((error) => {
      const path = segmentsOf(error.property);
      return !(valueAt(value, path) === null && nullableAt(formSchema, path));
    });
}

/** Integers beyond 2^53 lose digits silently: say so at the field. */
function flagUnsafeIntegers(formData: unknown, errors: FormValidation): FormValidation {
  for (const issue of unsafeIntegers(formData)) {
    let node: unknown = errors;
    for (const key of issue.path.split('/').filter(Boolean))
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
    if (typeof node === 'object' && node !== null && 'addError' in node && typeof node.addError === 'function')
      (node as { addError: (message: string) => void }).addError(issue.message);
  }
  return errors;
}

export function SchemaForm({ label, schema, value, onChange, onSubmit, behavior, liveErrors, fallback, children, fieldExtra }: Props) {
  const formSchema = useMemo(() => prepareFormSchema(schema) as RJSFSchema, [schema]);
  return (
    <ErrorBoundary label="the form" resetKey={schema} fallback={fallback}>
      <Form
        className="rjsf flex flex-col gap-2"
        tagName={namedForm(label)}
        schema={formSchema}
        uiSchema={uiSchema}
        validator={validatorFor(formSchema)}
        experimental_defaultFormStateBehavior={behavior}
        templates={tailwindTemplates}
        formContext={{ root: value, fieldExtra }}
        widgets={widgets}
        formData={value}
        onChange={(event) => onChange(event.formData)}
        onSubmit={(event) => onSubmit(event.formData)}
        liveValidate={liveErrors ? 'onChange' : undefined}
        transformErrors={withoutNullableNulls(formSchema, value)}
        customValidate={flagUnsafeIntegers}
        showErrorList={liveErrors ? 'top' : false}
        noHtml5Validate
      >
        {children}
      </Form>
    </ErrorBoundary>
  );
}
