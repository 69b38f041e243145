import type { CreatorAnalytics } from '@picks/contracts'
import { betTypes, formatCents, sportLabel, type BetType } from '@picks/contracts/client'
import type { ReactNode } from 'react'
import { betTypeLabels } from '../../../components/picks/pick-terms.ts'
import { formatNetUnits, formatRoi, winLossPush } from '../../../components/records/record-format.ts'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { statsTitles } from '../notifications/notification-words.ts'
import { formatCount } from '../creator-words.ts'

// The analytics' tables (decision 027's DataTable): the record by sport and by bet type, earnings
// by plan, promo codes and alert deliveries. Each says so in a line when it has no rows.

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  )
}

function Nothing({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-700">{children}</p>
}

type RecordRow = CreatorAnalytics['record']['overall']

function recordColumns<Row extends RecordRow>(header: string, name: (row: Row) => string): DataColumn<Row>[] {
  return [
    { header, isRowHeader: true, cell: name },
    { header: 'Picks', align: 'end', cell: (row) => formatCount(row.picks) },
    { header: 'W-L-P', align: 'end', cell: (row) => winLossPush(row) },
    { header: 'Units', align: 'end', cell: (row) => formatNetUnits(row.net_units) },
    { header: 'ROI', align: 'end', cell: (row) => formatRoi(row.roi_pct) },
  ]
}

const isBetType = (value: string): value is BetType => (betTypes as readonly string[]).includes(value)

const bySportColumns = recordColumns<CreatorAnalytics['record']['by_sport'][number]>('Sport', (row) =>
  sportLabel(row.sport),
)
const byBetTypeColumns = recordColumns<CreatorAnalytics['record']['by_bet_type'][number]>('Bet type', (row) =>
  isBetType(row.bet_type) ? betTypeLabels[row.bet_type] : row.bet_type,
)

export function RecordTables({ record }: { record: CreatorAnalytics['record'] }) {
  if (record.by_sport.length === 0 && record.by_bet_type.length === 0) {
    return (
      <Part title="Record">
        <Nothing>No picks graded in this period.</Nothing>
      </Part>
    )
  }
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Part title="Record by sport">
        <DataTable
          caption="Record by sport in this period"
          columns={bySportColumns}
          rows={record.by_sport}
          rowKey={(row) => row.sport}
          fields="figures"
        />
      </Part>
      <Part title="Record by bet type">
        <DataTable
          caption="Record by bet type in this period"
          columns={byBetTypeColumns}
          rows={record.by_bet_type}
          rowKey={(row) => row.bet_type}
          fields="figures"
        />
      </Part>
    </div>
  )
}

type PlanRow = CreatorAnalytics['by_plan'][number]

const planColumns: DataColumn<PlanRow>[] = [
  { header: 'Plan', isRowHeader: true, cell: (row) => row.plan_name },
  { header: 'Kind', cell: (row) => (row.kind === 'subscription' ? 'Subscription' : 'Pass') },
  { header: 'Gross sales', align: 'end', cell: (row) => formatCents(row.gross_sales_cents) },
  { header: 'Net earnings', align: 'end', cell: (row) => formatCents(row.net_earnings_cents) },
  {
    header: 'Sold',
    align: 'end',
    cell: (row) => formatCount(row.kind === 'subscription' ? row.new_subscribers : row.passes_sold),
  },
  {
    header: 'Active',
    align: 'end',
    cell: (row) => (row.kind === 'subscription' ? formatCount(row.active_subscribers) : '—'),
  },
]

export function EarningsByPlan({ byPlan }: { byPlan: CreatorAnalytics['by_plan'] }) {
  return (
    <Part title="Earnings by plan">
      {byPlan.length === 0 ? (
        <Nothing>No plan sold in this period.</Nothing>
      ) : (
        <DataTable
          caption="Earnings by plan"
          columns={planColumns}
          rows={byPlan}
          rowKey={(row) => row.plan_id ?? row.plan_name}
        />
      )}
    </Part>
  )
}

type CodeRow = CreatorAnalytics['promo']['by_code'][number]

const codeColumns: DataColumn<CodeRow>[] = [
  { header: 'Code', isRowHeader: true, cell: (row) => row.code },
  { header: 'Redemptions', align: 'end', cell: (row) => formatCount(row.redemptions) },
  { header: 'Discount given', align: 'end', cell: (row) => formatCents(row.discount_cents) },
]

export function PromoResults({ promo }: { promo: CreatorAnalytics['promo'] }) {
  return (
    <Part title="Promo codes">
      <p className="text-sm text-slate-800">
        {formatCount(promo.redemptions)} {promo.redemptions === 1 ? 'redemption' : 'redemptions'},{' '}
        {formatCents(promo.discount_cents)} in discounts given.
      </p>
      {promo.by_code.length > 0 && (
        <DataTable
          caption="Redemptions by promo code"
          columns={codeColumns}
          rows={promo.by_code}
          rowKey={(row) => row.code}
          fields="figures"
        />
      )}
    </Part>
  )
}

type DeliveryRow = CreatorAnalytics['deliveries'][number]

const deliveryColumns: DataColumn<DeliveryRow>[] = [
  { header: 'Channel', isRowHeader: true, cell: (row) => statsTitles[row.channel] },
  { header: 'Sent', align: 'end', cell: (row) => formatCount(row.sent) },
  { header: 'Failed', align: 'end', cell: (row) => formatCount(row.failed) },
]

export function DeliveryResults({ deliveries }: { deliveries: CreatorAnalytics['deliveries'] }) {
  return (
    <Part title="Pick alerts delivered">
      {deliveries.length === 0 ? (
        <Nothing>No pick alerts sent in this period.</Nothing>
      ) : (
        <DataTable
          caption="Pick alerts by channel"
          columns={deliveryColumns}
          rows={deliveries}
          rowKey={(row) => row.channel}
          fields="figures"
        />
      )}
    </Part>
  )
}
