import { rows } from './harness.ts';

export function printTable(): void {
  // ---- the table -------------------------------------------------------------------------------
  const format = (value: number | undefined, unit: string) =>
    value === undefined ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${unit}`;
  const table = rows.map((row) => {
    const ratio = row.reference ? row.toolscope / row.reference : undefined;
    const measure =
      row.judge === 'ratio'
        ? ratio
        : row.judge === 'difference' && row.reference !== undefined
          ? row.toolscope - row.reference
          : row.toolscope;
    const met = measure !== undefined && measure <= row.limit;
    return [
      row.figure,
      format(row.toolscope, row.unit),
      row.reference === undefined ? '—' : `${format(row.reference, row.unit)}${row.referenceLabel ? ` (${row.referenceLabel})` : ''}`,
      ratio === undefined ? '—' : `${ratio.toFixed(2)}×`,
      row.target,
      row.judge === 'context' ? '' : met ? 'met' : 'NOT met',
    ];
  });
  const header = ['figure', 'Toolscope', 'reference (bare SDK unless named)', 'ratio', 'target', ''];
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((cells) => cells[column]?.length ?? 0)));
  const print = (cells: string[]) =>
    console.log(
      cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '),
    );
  print(header);
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const cells of table) print(cells);
}
