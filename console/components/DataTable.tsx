// The console's one table: a header row of named columns, a row per item, sideways scrolling on
// a phone (TableScroll), a line when there is nothing to show. Pages describe columns; the table
// owns the markup, so every list reads the same to a screen reader (column headers, numeric
// cells aligned) and on a phone.
import type { HTMLAttributes, ReactNode } from 'react'
import { TableScroll } from './TableScroll.tsx'

export interface Column<Row> {
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** Right-aligned figures (amounts, counts). */
  numeric?: boolean
  /** A data-testid on each of this column's cells, for tests that read one cell of a row. */
  testId?: string | ((row: Row) => string)
  /** Leaves the column out (a column only some filters show). */
  hidden?: boolean
  /** This column's cells name their row (`<th scope="row">`), as in a key/value table. */
  rowHeader?: boolean
}

export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  extraRows,
  empty,
  testId,
}: {
  /** Names the table (and its scrolling region) for assistive technology. */
  label: string
  columns: Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string }
  /** Rows of another shape after the list's own (they span the columns themselves). */
  extraRows?: ReactNode
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode
  testId?: string
}) {
  const shown = columns.filter((column) => !column.hidden)
  if (rows.length === 0 && !extraRows && empty)
    return (
      <p className="muted" data-testid={testId}>
        {empty}
      </p>
    )
  return (
    <TableScroll label={label}>
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            {shown.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed in order for a render
              <th key={index} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {shown.map((column, index) => {
                const Cell = column.rowHeader ? 'th' : 'td'
                return (
                  <Cell
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed in order for a render
                    key={index}
                    scope={column.rowHeader ? 'row' : undefined}
                    className={column.numeric ? 'num' : undefined}
                    data-testid={typeof column.testId === 'function' ? column.testId(row) : column.testId}
                  >
                    {column.cell(row)}
                  </Cell>
                )
              })}
            </tr>
          ))}
          {extraRows}
        </tbody>
      </table>
    </TableScroll>
  )
}
