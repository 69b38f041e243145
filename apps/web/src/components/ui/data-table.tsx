import type { ReactNode } from 'react'
import { cx } from './cx.ts'

/** One column: its heading, and how each row fills its cell. */
export type DataColumn<Row> = {
  /** The column's heading; also the label its cells show when the table is stacked. */
  header: string
  /** Cells of this column name their row (`<th scope="row">`); the stacked row's title. */
  isRowHeader?: boolean
  /** Heard by screen readers, not shown (a column of row names needs no visible heading). */
  isHeaderHidden?: boolean
  /** Numbers sit at the end of a wide table's cell; stacked, every value starts at the left. */
  align?: 'start' | 'end'
  /** Long text (a description) takes a whole line of its own, after the others, when stacked. */
  isWide?: boolean
  cell: (row: Row) => ReactNode
  /** Classes for this column's cells: a tone or weight, or one that depends on the row. */
  className?: string | ((row: Row) => string | undefined)
}

/*
 * The table is a normal table while its box is at least 40rem (640 px) wide. Narrower (a phone, or
 * a side column on a desktop) each row is stacked as a card: the row header as its title, every
 * other cell under its column's name. The names are drawn by CSS (`::before` with an empty
 * alternative text) so they are not read twice or counted in the cell's text; the header row stays
 * for screen readers, visually hidden. Explicit roles keep the table's semantics when `display`
 * changes (docs/decisions/027-tables-on-phones.md).
 */
const cellBox = 'px-3 py-2 @max-[40rem]:p-0'
const unframedEdges = '@min-[40rem]:first:pl-0 @min-[40rem]:last:pr-0'
const stackedLabel =
  "before:hidden before:content-[attr(data-label)_/_''] before:text-xs before:font-normal before:text-slate-600 @max-[40rem]:before:block"
/**
 * Stacked, the fields of a row share each line and grow to fill it: from a narrow start for short
 * figures, a wider one for text.
 */
const stackedFields = {
  figures: { row: '@max-[40rem]:gap-x-3', cell: '@max-[40rem]:basis-13' },
  text: { row: '@max-[40rem]:gap-x-4', cell: '@max-[40rem]:basis-24' },
} as const

/**
 * Rows of figures as a table on wide screens and a list of cards on narrow ones, with the same
 * table semantics for assistive technology at every width.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  isFramed = false,
  fields = 'text',
}: {
  /** The table's accessible name (visually hidden: the section's heading shows it). */
  caption: string
  columns: DataColumn<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string
  /** Draws its own border, for a table that stands alone on the page rather than inside a card. */
  isFramed?: boolean
  /** `figures` when every cell is a short number (W-L-P, units, %), so a stacked row's figures share a line. */
  fields?: keyof typeof stackedFields
}) {
  const edges = isFramed ? undefined : unframedEdges
  return (
    <div className={cx('@container', isFramed && 'rounded-xl border border-slate-200 bg-white')}>
      <table role="table" className="w-full text-left text-sm @max-[40rem]:block">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="border-b border-slate-200 @max-[40rem]:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.header}
                role="columnheader"
                scope="col"
                className={cx(
                  cellBox,
                  edges,
                  'align-bottom text-xs font-semibold tracking-wide text-slate-600 uppercase',
                  column.align === 'end' && 'text-right',
                )}
              >
                {column.isHeaderHidden ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-100 text-slate-800 @max-[40rem]:block">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              role="row"
              className={cx(
                '@max-[40rem]:flex @max-[40rem]:flex-wrap @max-[40rem]:gap-y-2 @max-[40rem]:py-3',
                stackedFields[fields].row,
                isFramed && '@max-[40rem]:px-3',
              )}
            >
              {columns.map((column) => {
                const extra = typeof column.className === 'function' ? column.className(row) : column.className
                if (column.isRowHeader) {
                  return (
                    <th
                      key={column.header}
                      role="rowheader"
                      scope="row"
                      className={cx(
                        cellBox,
                        edges,
                        'font-semibold text-slate-900 [overflow-wrap:anywhere] @max-[40rem]:order-first @max-[40rem]:basis-full',
                        extra,
                      )}
                    >
                      {column.cell(row)}
                    </th>
                  )
                }
                return (
                  <td
                    key={column.header}
                    role="cell"
                    data-label={column.header}
                    className={cx(
                      cellBox,
                      edges,
                      stackedLabel,
                      '@max-[40rem]:grow',
                      column.align === 'end' && 'text-right tabular-nums @max-[40rem]:text-left',
                      column.isWide ? '@max-[40rem]:order-last @max-[40rem]:basis-full' : stackedFields[fields].cell,
                      extra,
                    )}
                  >
                    {column.cell(row)}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
