// The dock panels' header parts (History, Traffic, Server console): a title with what it counts,
// and the search box beside it.
import type { ReactNode } from 'react';

/** "History (3 calls to this server)": the count in the noun's singular or plural, then any extra. */
export function PanelTitle({
  title,
  count,
  noun,
  children,
}: {
  title: string;
  count: number;
  noun: readonly [string, string];
  children?: ReactNode;
}) {
  return (
    <h2 className="text-sm font-semibold">
      {title}{' '}
      <span className="font-normal text-muted">
        ({count} {count === 1 ? noun[0] : noun[1]}
        {children})
      </span>
    </h2>
  );
}

/** A panel's search box, named for what it searches. */
export function PanelSearch({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="rounded-md border border-field bg-panel px-2 py-0.5 text-xs"
    />
  );
}
