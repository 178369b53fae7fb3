import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export type SelectOption<T extends string> = T | { value: T; label: string };

const valueOf = <T extends string>(option: SelectOption<T>) => (typeof option === 'string' ? option : option.value);

/** A native select over a closed set of values: onChange only ever receives one of them. */
export function Select<T extends string>({
  value,
  options,
  onChange,
  className,
  ...props
}: Omit<ComponentProps<'select'>, 'value' | 'onChange'> & {
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <select
      {...props}
      value={value}
      onChange={(event) => {
        const chosen = options.map(valueOf).find((candidate) => candidate === event.target.value);
        if (chosen !== undefined) onChange(chosen);
      }}
      className={cn('rounded-md border border-field bg-panel px-1 py-1', className)}
    >
      {options.map((option) => (
        <option key={valueOf(option)} value={valueOf(option)}>
          {typeof option === 'string' ? option : option.label}
        </option>
      ))}
    </select>
  );
}
