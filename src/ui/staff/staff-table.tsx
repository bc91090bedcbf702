// The console's tables of figures and lists (the Day screen, the menu's audit list, an import's errors): one markup
// with a caption naming the table, column headers, and optionally a cell per row that names the row.
import type { Key, ReactNode } from 'react';

export interface StaffTableColumn {
  label: string;
  /** Figures: digits of equal width, so a column of them lines up. */
  numeric?: boolean;
}

interface StaffTableProps<Row> {
  caption: string;
  /** For a table whose name is already on screen (its section's heading): read out, not shown twice. */
  captionHidden?: boolean;
  columns: readonly StaffTableColumn[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  cells: (row: Row, index: number) => readonly ReactNode[];
  /** The column whose cell names its row (a dish, an hour, a payment method): read with each figure in the row. */
  rowHeader?: number;
  /** The look: the Day screen's plain tables or the menu editor's full-width ones. */
  className: string;
  testId?: string;
  rowTestId?: string;
}

export function StaffTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  cells,
  rowHeader,
  className,
  testId,
  rowTestId,
}: StaffTableProps<Row>) {
  return (
    <table className={className} data-testid={testId}>
      <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)} data-testid={rowTestId}>
            {cells(row, index).map((cell, column) => {
              const numeric = columns[column]?.numeric ? 'staff-table__number' : undefined;
              return column === rowHeader ? (
                <th key={column} scope="row" className={numeric}>
                  {cell}
                </th>
              ) : (
                <td key={column} className={numeric}>
                  {cell}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
