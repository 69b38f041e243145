import type { SystemStatus } from '@picks/contracts'
import { useQuery } from '@tanstack/react-query'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { consoleQueries } from '../api.ts'
import { adminFailure, whenText } from './console-words.ts'

type Queue = SystemStatus['queues'][number]

const providerWords = {
  stripe: 'Stripe (live payments)',
  sandbox: 'Sandbox (no real money)',
  smtp: 'SMTP server',
  twilio: 'Twilio',
  outbox: 'Outbox only (nothing leaves the server)',
  'the-odds-api': 'The Odds API',
  fixtures: 'Fixtures (made-up games)',
} as const

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`
}

function duration(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return [days && `${days} d`, (days || hours) && `${hours} h`, `${minutes} min`].filter(Boolean).join(' ')
}

const queueColumns: DataColumn<Queue>[] = [
  { header: 'Queue', isRowHeader: true, className: 'break-all', cell: (queue) => queue.name },
  { header: 'Queued', align: 'end', cell: (queue) => queue.queued },
  { header: 'Active', align: 'end', cell: (queue) => queue.active },
  { header: 'Deferred', align: 'end', cell: (queue) => queue.deferred },
  {
    header: 'Failed',
    align: 'end',
    className: (queue) => (queue.failed > 0 ? 'font-semibold text-red-800' : undefined),
    cell: (queue) => queue.failed,
  },
]

function Facts({ title, facts }: { title: string; facts: readonly (readonly [string, string])[] }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/** System status (`GET /admin/system-status`): what an operator checks first when something looks wrong. */
export function SystemStatusSection() {
  const status = useQuery(consoleQueries.systemStatus())
  if (status.isPending) return <Loading label="Checking the system…" className="h-24" count={3} stacked />
  if (status.isError) {
    return (
      <ReadFailed
        message="Failed to fetch the system status"
        detail={adminFailure(status.error)}
        onRetry={() => void status.refetch()}
      />
    )
  }
  const { app, memory, database, queues, outboxes, providers } = status.data
  const odds =
    providers.odds.quotaRemaining === null
      ? providerWords[providers.odds.provider]
      : `${providerWords[providers.odds.provider]}, ${providers.odds.quotaRemaining} requests left`
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">Checked {whenText(status.data.checkedAt)}.</p>
      <div className="grid gap-4 md:grid-cols-2">
        <Facts
          title="Database"
          facts={[
            ['Reachable', database.reachable ? 'Yes' : 'No'],
            ['Kind', database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'],
            ['Migration', database.migration.latest ?? 'none'],
            ['Migrations applied', String(database.migration.applied)],
          ]}
        />
        <Facts
          title="Providers"
          facts={[
            ['Payments', providerWords[providers.payments]],
            ['E-mail', providerWords[providers.email]],
            ['Texts', providerWords[providers.sms]],
            ['Odds', odds],
          ]}
        />
        <Facts
          title="Server"
          facts={[
            ['Version', app.version],
            ['Node', app.node],
            ['Up for', duration(app.uptimeSeconds)],
            ['Memory (RSS)', megabytes(memory.rss)],
            ['Heap used', `${megabytes(memory.heapUsed)} of ${megabytes(memory.heapTotal)}`],
          ]}
        />
        <Facts
          title="Outboxes"
          facts={[
            ['E-mails waiting', String(outboxes.email.queued)],
            ['E-mails in the outbox, sent', String(outboxes.email.sent)],
            ['Texts in the outbox', String(outboxes.sms.rows)],
          ]}
        />
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-base font-semibold text-slate-900">Job queues</h3>
        {queues.length === 0 ? (
          <p className="text-sm text-slate-700">No queue has been counted yet.</p>
        ) : (
          <DataTable
            caption="Job queues"
            columns={queueColumns}
            rows={queues}
            rowKey={(queue) => queue.name}
            isFramed
            fields="figures"
          />
        )}
      </div>
    </div>
  )
}
