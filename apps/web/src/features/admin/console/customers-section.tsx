import type { AdminCustomerRow } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { salesQueries } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { FilterSelect } from './filter-select.tsx'
import { useListParams } from './list-params.ts'
import { PersonalSwitch } from './personal-switch.tsx'
import { SearchBox } from './search-box.tsx'
import { SortSelect } from './sort-select.tsx'
import { WhenCell } from './when-cell.tsx'

const statusOptions = [
  { value: 'subscribed', label: 'With a live purchase' },
  { value: 'not_subscribed', label: 'Without a live purchase' },
] as const

const sortOptions = [
  { value: 'total_spent', label: 'Total spent' },
  { value: 'active_subscriptions', label: 'Active subscriptions' },
  { value: 'last_purchase', label: 'Last purchase' },
  { value: 'created_at', label: 'Joined' },
  { value: 'name', label: 'Name' },
] as const

const columns: DataColumn<AdminCustomerRow>[] = [
  {
    header: 'Customer',
    isRowHeader: true,
    cell: (customer) => (
      <>
        {customer.name}
        <span className="block text-xs font-normal break-all text-slate-600">{customer.email}</span>
        {customer.phone && <span className="block text-xs font-normal text-slate-600">{customer.phone}</span>}
      </>
    ),
  },
  {
    header: 'Total spent',
    align: 'end',
    className: 'whitespace-nowrap font-medium',
    cell: (customer) => formatCents(customer.totalSpentCents),
  },
  { header: 'Active subscriptions', align: 'end', cell: (customer) => String(customer.activeSubscriptions) },
  {
    header: 'Last purchase',
    cell: (customer) => (customer.lastPurchaseAt ? <WhenCell iso={customer.lastPurchaseAt} /> : 'Never'),
  },
  { header: 'Joined', cell: (customer) => <WhenCell iso={customer.createdAt} /> },
]

/**
 * Customers (`GET /admin/customers`): the biggest spenders first unless sorted otherwise, with
 * what they spent, their live subscriptions and their last purchase; e-mails masked unless asked.
 */
export function CustomersSection() {
  const list = useListParams<'search' | 'status' | 'sortBy' | 'sortOrder'>()
  const [personal, setPersonal] = useState(false)
  const query = {
    page: list.page,
    search: list.value('search'),
    status: list.value('status'),
    sortBy: list.value('sortBy'),
    sortOrder: list.value('sortOrder'),
    includePersonal: personal,
  }
  const customers = useQuery({ ...salesQueries.customers(query), placeholderData: keepPreviousData })
  const filtered = query.search || query.status

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search customers"
          hint="A name or an e-mail"
          value={query.search}
          onSearch={(words) => list.setFilter('search', words)}
        />
        <FilterSelect
          label="Subscriptions"
          value={query.status}
          everything="Every customer"
          options={statusOptions}
          onChange={(status) => list.setFilter('status', status)}
        />
        <SortSelect
          sortBy={query.sortBy}
          sortOrder={query.sortOrder}
          options={sortOptions}
          defaults={{ sortBy: 'total_spent', sortOrder: 'desc' }}
          onChange={(change) => {
            if (change.sortBy !== undefined) list.setFilter('sortBy', change.sortBy)
            if (change.sortOrder !== undefined) list.setFilter('sortOrder', change.sortOrder)
          }}
        />
      </div>
      <PersonalSwitch checked={personal} onChange={setPersonal} what="Full e-mails and phone numbers" />
      <ConsoleList
        read={customers}
        pageOf={(answer) => ({ ...answer, rows: answer.items })}
        caption="Customers"
        columns={columns}
        rowKey={(customer) => customer.id}
        loading="Loading the customers…"
        failed="Failed to fetch the customers"
        empty={filtered ? 'No customer matches these filters.' : 'No customers yet.'}
        onPage={list.setPage}
      />
    </div>
  )
}
