import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DataTable, type DataColumn } from './data-table.tsx'

type Line = { id: string; team: string; wins: number; note: string }

const lines: Line[] = [
  { id: 'a', team: 'Boston Celtics', wins: 12, note: 'Rested' },
  { id: 'b', team: 'New York Knicks', wins: 9, note: 'Back-to-back' },
]

const columns: DataColumn<Line>[] = [
  { header: 'Team', isRowHeader: true, isHeaderHidden: true, cell: (line) => line.team },
  {
    header: 'Wins',
    align: 'end',
    cell: (line) => line.wins,
    className: (line) => (line.wins > 10 ? 'hot' : undefined),
  },
  { header: 'Note', isWide: true, cell: (line) => line.note },
]

function renderTable() {
  render(<DataTable caption="Standings" columns={columns} rows={lines} rowKey={(line) => line.id} />)
  return screen.getByRole('table', { name: 'Standings' })
}

describe('DataTable', () => {
  it('is a table named by its caption, with a header row and one row per item', () => {
    const table = renderTable()
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Team', 'Wins', 'Note'])
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Boston Celtics', 'New York Knicks'])
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['12', 'Rested'])
  })

  it('keeps the roles explicit, so restyling rows as cards cannot drop the table semantics', () => {
    const table = renderTable()
    expect(table.getAttribute('role')).toBe('table')
    for (const group of table.querySelectorAll('thead, tbody')) expect(group.getAttribute('role')).toBe('rowgroup')
    for (const row of table.querySelectorAll('tr')) expect(row.getAttribute('role')).toBe('row')
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3)
    expect(within(table).getAllByRole('rowheader')).toHaveLength(2)
    expect(within(table).getAllByRole('cell')).toHaveLength(4)
  })

  it('gives every data cell its column’s name to show when stacked, outside the cell’s own text', () => {
    const table = renderTable()
    const knicks = within(table).getByRole('rowheader', { name: 'New York Knicks' }).closest('tr')!
    const wins = within(knicks).getByRole('cell', { name: '9' })
    expect(wins.getAttribute('data-label')).toBe('Wins')
    expect(within(knicks).getByRole('cell', { name: 'Back-to-back' }).getAttribute('data-label')).toBe('Note')
  })

  it('hides a heading only visually when asked, and applies a column’s classes per row', () => {
    const table = renderTable()
    const team = within(table).getByRole('columnheader', { name: 'Team' })
    expect(within(team).getByText('Team').className).toContain('sr-only')
    expect(within(table).getByRole('cell', { name: '12' }).className).toContain('hot')
    expect(within(table).getByRole('cell', { name: '9' }).className).not.toContain('hot')
  })
})
