// A choice (enum) as a dropdown, as @rjsf/core's own SelectWidget but without a blank option:
// a required choice not made yet reads "Choose…", an entry that cannot be picked again; an
// optional one offers "(not set)" by name, so unsetting is a choice the person can read.
import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  SelectedOptionDescription,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';

function picked(event: ChangeEvent<HTMLSelectElement> | FocusEvent<HTMLSelectElement>, multiple: boolean): string | string[] {
  return multiple ? Array.from(event.target.selectedOptions, (option) => option.value) : event.target.value;
}

export function SelectWidget(props: WidgetProps) {
  const { schema, id, options, required, disabled, readonly, multiple = false, autofocus = false, htmlName, registry, uiSchema } = props;
  const value: unknown = props.value;
  const enumOptions: EnumOptionsType[] | undefined = options.enumOptions;
  const enumDisabled: unknown[] | undefined = options.enumDisabled;
  const emptyValue: unknown = options.emptyValue;
  const format = getOptionValueFormat(options);
  const decode = (raw: string | string[]): unknown => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const selected: unknown = enumOptionSelectedValue(value, enumOptions, multiple, format, multiple ? [] : '');
  const unset = !multiple && (selected === '' || selected === undefined);
  return (
    <>
      <SelectedOptionDescription id={id} multiple={multiple} options={options} registry={registry} uiSchema={uiSchema} value={value} />
      <select
        id={id}
        name={htmlName || id}
        multiple={multiple}
        className="form-control"
        value={selected as string | string[]}
        required={required}
        disabled={disabled || readonly}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the schema's own ui:autofocus
        autoFocus={autofocus}
        onBlur={(event) => props.onBlur(id, decode(picked(event, multiple)))}
        onFocus={(event) => props.onFocus(id, decode(picked(event, multiple)))}
        onChange={(event) => props.onChange(decode(picked(event, multiple)))}
        aria-describedby={ariaDescribedByIds(id)}
      >
        {multiple || schema.default !== undefined ? null : required ? (
          // Shown while nothing is chosen; not in the list once it opens.
          unset ? (
            <option value="" disabled hidden>
              Choose…
            </option>
          ) : null
        ) : (
          <option value="">(not set)</option>
        )}
        {(enumOptions ?? []).map(({ value: choice, label }: { value: unknown; label: string }, index) => (
          <option
            key={String(choice)}
            value={String(enumOptionValueEncoder(choice, index, format))}
            disabled={enumDisabled?.includes(choice)}
          >
            {label}
          </option>
        ))}
      </select>
    </>
  );
}
