// One delivery as the creator sees it in the pending list and the log, and both channels' logs.
import type { DeliveryLogEntry } from '@picks/contracts'
import type { NotificationChannel } from '@picks/contracts/client'
import { useQueries } from '@tanstack/react-query'
import {
  channelLabels,
  deliveryTime,
  deliveryTitle,
  formatMoment,
  serverReason,
  statusLabels,
  statusTones,
} from '../../../components/alerts/alerts-common.ts'
import { cx } from '../../../components/ui/cx.ts'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { creatorAlertQueries } from '../api/index.ts'
import { channels, creatorNotificationsMessages } from './notification-words.ts'

function StatusBadge({ status }: { status: DeliveryLogEntry['status'] }) {
  return (
    <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', statusTones[status])}>
      {statusLabels[status]}
    </span>
  )
}

/** Both channels' logs, newest first; the queries poll themselves while anything is pending. */
export function useCreatorLogs(creatorId: string) {
  return useQueries({
    queries: channels.map((channel) => creatorAlertQueries.creatorLogs(creatorId, channel)),
    combine: (results) => ({
      isPending: results.some((r) => r.isPending),
      failed: results.find((r) => r.isError),
      refetch: () => Promise.all(results.map((r) => r.refetch())),
      byChannel: { email: results[0]?.data ?? [], sms: results[1]?.data ?? [] } as Record<
        NotificationChannel,
        DeliveryLogEntry[]
      >,
    }),
  })
}

export function newestFirst(a: DeliveryLogEntry, b: DeliveryLogEntry): number {
  return Date.parse(deliveryTime(b)) - Date.parse(deliveryTime(a))
}

export function DeliveryItem({ delivery, showNextTry = false }: { delivery: DeliveryLogEntry; showNextTry?: boolean }) {
  const at = deliveryTime(delivery)
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800">
          {channelLabels[delivery.channel]}
        </span>
        <StatusBadge status={delivery.status} />
        {delivery.kind === 'test' && (
          <span className="rounded-full bg-violet-100 px-2 py-0.5 font-medium text-violet-900">Test</span>
        )}
        <time dateTime={at} className="text-slate-600">
          {formatMoment(at)}
        </time>
      </div>
      <p className="text-sm font-medium break-words text-slate-900">{deliveryTitle(delivery)}</p>
      <p className="text-sm break-words text-slate-700">
        To {delivery.recipientName ? `${delivery.recipientName} (${delivery.destination})` : delivery.destination}
        {delivery.segments !== null && delivery.segments > 1 && ` · ${delivery.segments} segments`}
        {delivery.attempts > 1 && ` · ${delivery.attempts} tries`}
      </p>
      {showNextTry && delivery.status === 'queued' && delivery.nextAttemptAt && (
        <p className="text-xs text-slate-600">Goes out {formatMoment(delivery.nextAttemptAt)}</p>
      )}
      {delivery.status === 'failed' && delivery.error && (
        <p className="text-sm text-red-700">Reason: {delivery.error}</p>
      )}
    </li>
  )
}

/** A list of deliveries drawn from both logs: loading, failed (with a retry), empty, or the list itself. */
export function DeliveryList({
  logs,
  deliveries,
  label,
  loading,
  empty,
  showNextTry = false,
}: {
  logs: ReturnType<typeof useCreatorLogs>
  deliveries: DeliveryLogEntry[]
  label: string
  loading: { label: string; className?: string }
  empty: string
  showNextTry?: boolean
}) {
  if (logs.isPending) return <Loading {...loading} />
  if (logs.failed) {
    return (
      <ReadFailed
        message={creatorNotificationsMessages.logsLoadFailed}
        detail={serverReason(logs.failed.error)}
        onRetry={() => void logs.refetch()}
      />
    )
  }
  if (deliveries.length === 0) return <p className="text-sm text-slate-700">{empty}</p>
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-slate-100">
      {deliveries.map((delivery) => (
        <DeliveryItem key={delivery.id} delivery={delivery} showNextTry={showNextTry} />
      ))}
    </ul>
  )
}
