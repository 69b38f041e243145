import type { ChannelStats } from '@picks/contracts'
import {
  notificationMessages,
  statsTimeframes,
  type NotificationChannel,
  type StatsTimeframe,
} from '@picks/contracts/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatMoment, serverReason, timeframeLabels } from '../../../components/alerts/alerts-common.ts'
import { Card } from '../../../components/ui/card.tsx'
import { cx } from '../../../components/ui/cx.ts'
import { Field, inputClasses } from '../../../components/ui/form-field.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { creatorAlertQueries } from '../api/index.ts'
import { channels, creatorNotificationsMessages, statsTitles } from './notification-words.ts'

function percent(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`
}

function StatsFigures({ stats }: { stats: ChannelStats }) {
  const figures: [string, string][] = [
    ['Sent', String(stats.sent)],
    ['Delivered', String(stats.delivered)],
    ['Failed', String(stats.failed)],
    ['Pending', String(stats.pending)],
    ['Success rate', percent(stats.successRate)],
    ['Reachable', String(stats.reachable)],
  ]
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">
        {stats.lastSentAt ? `Last sent ${formatMoment(stats.lastSentAt)}.` : 'Nothing sent in this period.'}
      </p>
    </div>
  )
}

function StatsCard({
  creatorId,
  channel,
  timeframe,
}: {
  creatorId: string
  channel: NotificationChannel
  timeframe: StatsTimeframe
}) {
  const stats = useQuery({
    ...creatorAlertQueries.stats(creatorId, channel, timeframe),
    placeholderData: keepPreviousData,
  })
  return (
    <Card title={statsTitles[channel]}>
      {stats.isPending && <Loading label={`Loading the ${statsTitles[channel].toLowerCase()} statistics…`} />}
      {stats.isError && (
        <ReadFailed
          message={
            channel === 'email' ? notificationMessages.getEmailStats : creatorNotificationsMessages.smsStatsLoadFailed
          }
          detail={serverReason(stats.error)}
          onRetry={() => void stats.refetch()}
        />
      )}
      {stats.isSuccess && (
        <div aria-busy={stats.isPlaceholderData} className={cx(stats.isPlaceholderData && 'opacity-60')}>
          <StatsFigures stats={stats.data} />
        </div>
      )}
    </Card>
  )
}

/** E-mail and text statistics for one timeframe (30 days unless the creator picks another). */
export function StatsSection({ creatorId }: { creatorId: string }) {
  const [timeframe, setTimeframe] = useState<StatsTimeframe>('30d')
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Statistics</h2>
        <Field label="Timeframe" className="w-44">
          {(control) => (
            <select
              {...control}
              value={timeframe}
              onChange={(event) => setTimeframe(event.target.value as StatsTimeframe)}
              className={inputClasses}
            >
              {statsTimeframes.map((option) => (
                <option key={option} value={option}>
                  {timeframeLabels[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {channels.map((channel) => (
          <StatsCard key={channel} creatorId={creatorId} channel={channel} timeframe={timeframe} />
        ))}
      </div>
    </div>
  )
}
