// A prompt's arguments or a template's variables: the form tool arguments use (SchemaForm, every
// value a string, required marked), each field completed by the server while it is typed in.
import { useState } from 'react';
import { describeFailure, failureOf } from '../../mcp/errors.ts';
import { SchemaForm } from '../../components/form/SchemaForm.tsx';
import { NO_DEFAULTS_BEHAVIOR } from '../../components/form/validators.ts';
import type { McpConnection } from '../../mcp/connection.ts';
import type { CompletionRef } from '../../mcp/serverOffers.ts';
import { Suggestions } from './Suggestions.tsx';

interface Props {
  label: 'Prompt arguments' | 'Template variables';
  schema: Record<string, unknown>;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  onSubmit: () => void;
  /** Show what is missing at its field (after a first attempt). */
  showErrors: boolean;
  connection: McpConnection;
  authContext: string;
  completionRef: CompletionRef;
}

/** RJSF's field ids are `root_<name>`: the argument a focused input belongs to. */
const argumentOf = (target: EventTarget) =>
  target instanceof HTMLInputElement && target.id.startsWith('root_') ? target.id.slice('root_'.length) : undefined;

/** Strings only, empty ones left out (an empty optional argument is not sent). */
function stringsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

export function OfferArguments({ label, schema, values, onChange, onSubmit, showErrors, connection, authContext, completionRef }: Props) {
  const [active, setActive] = useState<string>();
  return (
    <div
      onFocus={(event) => {
        const argument = argumentOf(event.target);
        if (argument) setActive(argument);
      }}
    >
      <SchemaForm
        label={label}
        schema={schema}
        value={values}
        onChange={(next) => onChange(stringsOf(next))}
        onSubmit={() => onSubmit()}
        behavior={NO_DEFAULTS_BEHAVIOR}
        liveErrors={showErrors}
        fallback={(error) => (
          <p role="alert" className="text-sm text-danger">
            Toolscope could not build a form for these arguments ({error.message}).
          </p>
        )}
        fieldExtra={(name) => (
          <Suggestions
            connection={connection}
            authContext={authContext}
            completionRef={completionRef}
            argument={name}
            values={values}
            active={active === name}
            onPick={(picked) => onChange({ ...values, [name]: picked })}
          />
        )}
      />
    </div>
  );
}

/** A request that failed, said with its method and why (the raw exchange is in Traffic). */
export function Failed({ method, error }: { method: string; error: unknown }) {
  return (
    <p role="alert" className="text-sm text-danger">
      {method} failed: {describeFailure(failureOf(error))}
    </p>
  );
}
