// One RJSF validator per JSON Schema dialect (2020-12 by default, draft-07 when `$schema` says
// so), on the one Ajv setup (schema/ajvSetup.ts).
import { getDefaultFormState, type Experimental_DefaultFormStateBehavior, type RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_CLASSES, AJV_OPTIONS } from '../../schema/ajvSetup.ts';
import { schemaDialect } from '../../schema/dialect.ts';
import { completeDefaults } from '../../schema/formDefaults.ts';
import { prepareFormSchema } from '../../schema/formSchema.ts';

const validators = {
  '2020-12': customizeValidator({ AjvClass: AJV_CLASSES['2020-12'], ajvOptionsOverrides: AJV_OPTIONS }),
  'draft-07': customizeValidator({ AjvClass: AJV_CLASSES['draft-07'], ajvOptionsOverrides: AJV_OPTIONS }),
};

export const validatorFor = (schema: unknown) => validators[schemaDialect(schema)];

/**
 * How RJSF fills an untouched form: declared defaults are pre-filled, but an optional object
 * with nothing to fill is left out (not sent as {}) and an optional array is not padded to its
 * minItems with nulls (RJSF's stock behaviour sends `[null]`), and consts are not pre-filled.
 */
export type FormStateBehavior = Experimental_DefaultFormStateBehavior;

export const DEFAULT_FORM_STATE_BEHAVIOR: FormStateBehavior = {
  emptyObjectFields: 'skipEmptyDefaults',
  arrayMinItems: { populate: 'requiredOnly' },
  // A lone `const` is not a value the user chose: an untouched optional field stays unset.
  constAsDefaults: 'never',
};

/**
 * The arguments form itself never fills anything in: the draft is seeded once with
 * DEFAULT_FORM_STATE_BEHAVIOR's defaults, and after that the form shows exactly the draft —
 * a default the user removed (in the form or in JSON) is not re-imposed.
 */
export const NO_DEFAULTS_BEHAVIOR: FormStateBehavior = {
  emptyObjectFields: 'skipDefaults',
  arrayMinItems: { populate: 'never' },
  constAsDefaults: 'never',
};

/**
 * What an untouched form for this schema holds: its declared defaults only (see above), with
 * what RJSF misses (a default beside a `$ref`, required recursive parts opened).
 */
export function declaredDefaults(schema: Record<string, unknown>): unknown {
  const formSchema = prepareFormSchema(schema) as RJSFSchema;
  const filled: unknown = getDefaultFormState(
    validatorFor(formSchema),
    formSchema,
    undefined,
    formSchema,
    false,
    DEFAULT_FORM_STATE_BEHAVIOR,
  );
  return completeDefaults(formSchema, filled);
}
