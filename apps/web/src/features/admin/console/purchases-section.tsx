import type { AdminPurchaseRow } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { consoleKeys, refundPurchase, salesQueries } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { FilterSelect } from './filter-select.tsx'
import { useListParams } from './list-params.ts'
import { PersonalSwitch } from './personal-switch.tsx'
import { PurchaseDetailsDialog } from './purchase-details-dialog.tsx'
import { RefundDialog } from './refund-dialog.tsx'
import { purchaseStatusLabels } from './sales-labels.ts'
import { SearchBox } from './search-box.tsx'
import { SortSelect } from './sort-select.tsx'
import { WhenCell } from './when-cell.tsx'

type PurchaseAction = { kind: 'details' | 'refund'; purchase: AdminPurchaseRow }

const sortOptions = [
  { value: 'created_at', label: 'Created' },
  { value: 'amount', label: 'Amount' },
] as const

function columns(act: (action: PurchaseAction) => void): DataColumn<AdminPurchaseRow>[] {
  return [
    {
      header: 'Customer',
      isRowHeader: true,
      cell: (purchase) => (
        <>
          {purchase.customer.name}
          <span className="block text-xs font-normal break-all text-slate-600">{purchase.customer.email}</span>
        </>
      ),
    },
    { header: 'Creator', cell: (purchase) => `@${purchase.creator.username}` },
    {
      header: 'Plan',
      cell: (purchase) => (
        <>
          {purchase.plan}
          <span className="block text-xs text-slate-600">
            {purchase.kind === 'subscription' ? 'Subscription' : 'One-time pass'}
          </span>
        </>
      ),
    },
    {
      header: 'Amount',
      align: 'end',
      className: 'whitespace-nowrap font-medium',
      cell: (purchase) => formatCents(purchase.amountCents, purchase.currency),
    },
    { header: 'Status', cell: (purchase) => purchaseStatusLabels[purchase.status] },
    { header: 'Created', cell: (purchase) => <WhenCell iso={purchase.createdAt} /> },
    {
      header: 'Actions',
      cell: (purchase) => {
        const whose = `${purchase.customer.name}'s ${purchase.plan}`
        return (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              aria-label={`Details of ${whose}`}
              onClick={() => act({ kind: 'details', purchase })}
            >
              Details
            </Button>
            <Button
              variant="secondary"
              aria-label={`Refund ${whose}`}
              onClick={() => act({ kind: 'refund', purchase })}
            >
              Refund
            </Button>
          </div>
        )
      },
    },
  ]
}

type PurchaseFilter = 'status' | 'search' | 'searchCustomer' | 'searchCreator' | 'sortBy' | 'sortOrder'

/**
 * Purchases (`GET /admin/purchases`): newest first unless sorted by amount; filtered by status and
 * searched by customer, creator or anything. Each row opens its delivery details or a refund.
 */
export function PurchasesSection() {
  const list = useListParams<PurchaseFilter>()
  const [personal, setPersonal] = useState(false)
  const query = {
    page: list.page,
    status: list.value('status'),
    search: list.value('search'),
    searchCustomer: list.value('searchCustomer'),
    searchCreator: list.value('searchCreator'),
    sortBy: list.value('sortBy'),
    sortOrder: list.value('sortOrder'),
    includePersonal: personal,
  }
  const purchases = useQuery({ ...salesQueries.purchases(query), placeholderData: keepPreviousData })
  const queryClient = useQueryClient()
  const [action, setAction] = useState<PurchaseAction | null>(null)
  const filtered = query.status || query.search || query.searchCustomer || query.searchCreator

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search purchases"
          hint="A customer, a creator or a plan"
          value={query.search}
          onSearch={(words) => list.setFilter('search', words)}
        />
        <SearchBox
          label="Customer"
          hint="A buyer's name or e-mail"
          value={query.searchCustomer}
          onSearch={(words) => list.setFilter('searchCustomer', words)}
        />
        <SearchBox
          label="Creator"
          hint="A creator's name or username"
          value={query.searchCreator}
          onSearch={(words) => list.setFilter('searchCreator', words)}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Status"
          value={query.status}
          everything="Every status"
          options={Object.entries(purchaseStatusLabels).map(([value, label]) => ({ value, label }))}
          onChange={(status) => list.setFilter('status', status)}
        />
        <SortSelect
          sortBy={query.sortBy}
          sortOrder={query.sortOrder}
          options={sortOptions}
          defaults={{ sortBy: 'created_at', sortOrder: 'desc' }}
          onChange={(change) => {
            if (change.sortBy !== undefined) list.setFilter('sortBy', change.sortBy)
            if (change.sortOrder !== undefined) list.setFilter('sortOrder', change.sortOrder)
          }}
        />
      </div>
      <PersonalSwitch checked={personal} onChange={setPersonal} what="Full e-mails" />
      <ConsoleList
        read={purchases}
        pageOf={(answer) => ({ ...answer, rows: answer.items })}
        caption="Purchases"
        columns={columns(setAction)}
        rowKey={(purchase) => purchase.id}
        loading="Loading the purchases…"
        failed="Failed to fetch the purchases"
        empty={filtered ? 'No purchase matches these filters.' : 'No purchases yet.'}
        onPage={list.setPage}
      />
      {action?.kind === 'details' && (
        <PurchaseDetailsDialog
          key={action.purchase.id}
          purchase={action.purchase}
          personal={personal}
          onClose={() => setAction(null)}
        />
      )}
      {action?.kind === 'refund' && (
        <RefundDialog
          key={action.purchase.id}
          purchase={action.purchase}
          onClose={() => setAction(null)}
          onRefund={async (body, idempotencyKey) => {
            const { refund } = await refundPurchase(action.purchase.id, body, idempotencyKey)
            await queryClient.invalidateQueries({ queryKey: consoleKeys.purchases })
            return refund
          }}
        />
      )}
    </div>
  )
}
