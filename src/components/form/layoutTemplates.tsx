// How a form is laid out like a tool, not a document: an object's fields in a grid (short ones —
// numbers, choices, booleans, short strings — two to a row when the form is wide enough), a
// nested object as a group that folds to a one-line summary, and an array of flat objects (every
// field a scalar) as a compact table: a header of field names, one row per item.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { buttonId, canExpand, descriptionId, getTemplate, getUiOptions, titleId } from '@rjsf/utils';
import type { ArrayFieldTemplateProps, ObjectFieldTemplateProps } from '@rjsf/utils';
import { NULLABLE, RAW_REF, RECURSIVE } from '../../schema/formSchema.ts';
import { cn } from '../../lib/cn.ts';
import { controlWidth } from './controlWidth.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Set inside a table row: a field shows its control only (its name is the column's header). */
export const CellContext = createContext(false);
/** Set by a table for its items: the item's object renders as a row of cells. */
const RowContext = createContext<readonly Column[] | undefined>(undefined);

interface Column {
  name: string;
  title: string;
  required: boolean;
}

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);
/** Wider than this, a table row stops being compact: the items stay as groups. */
const MAX_COLUMNS = 5;
// Literal class names (Tailwind reads them from the source): n equal columns.
const GRID_COLUMNS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-4', 'grid-cols-5'];

/** A field is short when its control has a bounded width, or is a checkbox. */
function isShort(schema: unknown): boolean {
  if (!isRecord(schema) || schema[NULLABLE] === true) return false;
  return schema.type === 'boolean' || controlWidth(schema) !== undefined;
}

/** An array's items as table columns, when every item is an object of plain scalar fields. */
export function tableColumns(items: unknown): Column[] | undefined {
  if (!isRecord(items) || items.type !== 'object' || !isRecord(items.properties)) return undefined;
  const required = new Set(Array.isArray(items.required) ? items.required : []);
  const columns: Column[] = [];
  for (const [name, field] of Object.entries(items.properties)) {
    if (!isRecord(field) || !SCALARS.has(String(field.type))) return undefined;
    if (field[NULLABLE] === true || field[RAW_REF] !== undefined || field[RECURSIVE] === true) return undefined;
    // A file (base64) needs its picker and its size line: not a cell.
    if (typeof field.contentEncoding === 'string' || field.format === 'data-url') return undefined;
    columns.push({ name, title: typeof field.title === 'string' ? field.title : name, required: required.has(name) });
  }
  return columns.length && columns.length <= MAX_COLUMNS ? columns : undefined;
}

/** A folded object's one line: its set fields and their values, cut short. */
export function objectSummary(value: unknown): string {
  if (!isRecord(value)) return 'nothing set';
  const parts = Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .map(
      ([key, field]) =>
        `${key}: ${isRecord(field) || Array.isArray(field) ? (Array.isArray(field) ? `[${field.length}]` : '{…}') : JSON.stringify(field)}`,
    );
  if (!parts.length) return 'nothing set';
  const line = parts.join(' · ');
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { description, disabled, fieldPathId, onAddProperty, optionalDataControl, properties, readonly, registry, required } = props;
  const formData: unknown = props.formData;
  const { schema, title, uiSchema } = props;
  const row = useContext(RowContext);
  const [folded, setFolded] = useState(false);
  const options = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, options);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  // A pure union (oneOf/anyOf without properties): the variant field renders it all.
  if ((schema.oneOf || schema.anyOf) && !schema.properties && properties.length === 0) return null;
  const { AddButton } = registry.templates.ButtonTemplates;
  const fields: Record<string, unknown> = isRecord(schema.properties) ? schema.properties : {};

  if (row) {
    // One item of a table: its fields as cells, in the header's order.
    return (
      <RowContext value={undefined}>
        <CellContext value>
          <div id={fieldPathId.$id} className={cn('grid items-start gap-2', GRID_COLUMNS[properties.length])}>
            {properties.map((property) => (
              <div key={property.name} className={property.hidden ? 'hidden' : 'min-w-0'}>
                {property.content}
              </div>
            ))}
          </div>
        </CellContext>
      </RowContext>
    );
  }

  const root = fieldPathId.path.length === 0;
  const showControlInTitle = !readonly && !disabled;
  const grid = (
    <div className="@container">
      <div className="grid grid-cols-1 gap-x-4 @md:grid-cols-2">
        {properties.map((property) => (
          <div
            key={property.name}
            className={property.hidden ? 'hidden' : isShort(fields[property.name]) ? 'min-w-0' : 'min-w-0 @md:col-span-2'}
          >
            {property.content}
          </div>
        ))}
      </div>
    </div>
  );
  return (
    <CellContext value={false}>
      <fieldset id={fieldPathId.$id} aria-labelledby={title && !root ? `${titleId(fieldPathId)}-name` : undefined}>
        {title ? (
          root ? (
            // eslint-disable-next-line react-hooks/static-components -- RJSF's registry hands back a stable template component.
            <TitleFieldTemplate
              id={titleId(fieldPathId)}
              title={title}
              required={required}
              schema={schema}
              uiSchema={uiSchema}
              registry={registry}
            />
          ) : (
            // A nested group folds to one line that says what it holds.
            <legend id={titleId(fieldPathId)} className="mb-1 flex max-w-full min-w-0 items-baseline gap-2 text-sm font-semibold">
              <button
                type="button"
                aria-expanded={!folded}
                className="rounded px-0.5 hover:bg-hover focus-visible:outline-2 focus-visible:outline-blue-500"
                onClick={() => setFolded((was) => !was)}
              >
                <span aria-hidden="true" className="inline-block w-3 text-muted">
                  {folded ? '▸' : '▾'}
                </span>
                <span id={`${titleId(fieldPathId)}-name`}>{title}</span>
                {required ? <span className="ml-0.5 text-red-600">*</span> : null}
              </button>
              {folded ? (
                <span className="min-w-0 truncate font-mono text-xs font-normal text-subtle">{objectSummary(formData)}</span>
              ) : null}
            </legend>
          )
        ) : null}
        <div hidden={folded}>
          {description ? (
            // eslint-disable-next-line react-hooks/static-components -- RJSF's registry hands back a stable template component.
            <DescriptionFieldTemplate
              id={descriptionId(fieldPathId)}
              description={description}
              schema={schema}
              uiSchema={uiSchema}
              registry={registry}
            />
          ) : null}
          {showControlInTitle ? optionalDataControl : null}
          {grid}
          {canExpand(schema, uiSchema, formData) ? (
            <AddButton
              id={buttonId(fieldPathId, 'add')}
              className="rjsf-object-property-expand"
              onClick={onAddProperty}
              disabled={disabled || readonly}
              uiSchema={uiSchema}
              registry={registry}
            />
          ) : null}
        </div>
      </fieldset>
    </CellContext>
  );
}

export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, fieldPathId, uiSchema, items, optionalDataControl, onAddClick, readonly, registry, required, schema, title } =
    props;
  const options = getUiOptions(uiSchema);
  const ArrayFieldDescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, options);
  const ArrayFieldTitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, options);
  const { AddButton } = registry.templates.ButtonTemplates;
  // The items' schema as RJSF resolves it ($ref to a definition followed).
  const columns = tableColumns(isRecord(schema.items) ? registry.schemaUtils.retrieveSchema(schema.items) : undefined);
  const showControlInTitle = !readonly && !disabled;
  let list: ReactNode = <div className="row array-item-list">{items}</div>;
  if (columns && items.length) {
    list = (
      <div className="array-table">
        {/* The columns' names once (each cell's control keeps its own label for assistive tech). */}
        <div aria-hidden="true" className="array-item mt-1 mb-1 text-xs font-medium text-subtle">
          <div className={cn('grid gap-2', GRID_COLUMNS[columns.length])}>
            {columns.map((column) => (
              <span key={column.name} className="truncate">
                {column.title}
                {column.required ? <span className="ml-0.5 text-red-600">*</span> : null}
              </span>
            ))}
          </div>
          <span className="array-item-toolbox" />
        </div>
        <RowContext value={columns}>
          <div className="row array-item-list">{items}</div>
        </RowContext>
      </div>
    );
  }
  return (
    <CellContext value={false}>
      <fieldset id={fieldPathId.$id}>
        {/* eslint-disable-next-line react-hooks/static-components -- RJSF's registry hands back a stable template component. */}
        <ArrayFieldTitleTemplate
          fieldPathId={fieldPathId}
          title={options.title || title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
          optionalDataControl={showControlInTitle ? optionalDataControl : undefined}
        />
        {/* eslint-disable-next-line react-hooks/static-components -- RJSF's registry hands back a stable template component. */}
        <ArrayFieldDescriptionTemplate
          fieldPathId={fieldPathId}
          description={options.description || schema.description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
        {showControlInTitle ? null : optionalDataControl}
        {list}
        {canAdd ? (
          <AddButton
            id={buttonId(fieldPathId, 'add')}
            className="rjsf-array-item-add"
            onClick={onAddClick}
            disabled={disabled || readonly}
            uiSchema={uiSchema}
            registry={registry}
          />
        ) : null}
      </fieldset>
    </CellContext>
  );
}
