import { within } from '@testing-library/react'

/** What a screen reader reads of an element: its text without the decorative (aria-hidden) parts. */
export function spokenText(element: Element): string {
  const copy = element.cloneNode(true) as Element
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove())
  return copy.textContent ?? ''
}

/**
 * A table's body rows as assistive technology presents them: each row's header and cells, found by
 * their roles, under the name of their column.
 */
export function tableRows(table: HTMLElement): Record<string, string>[] {
  const columns = within(table).getAllByRole('columnheader').map(spokenText)
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('columnheader').length === 0)
    .map((row) => {
      const cells = [...row.children].filter((cell) => ['rowheader', 'cell'].includes(cell.getAttribute('role') ?? ''))
      return Object.fromEntries(cells.map((cell, index) => [columns[index] ?? `column ${index + 1}`, spokenText(cell)]))
    })
}
