import type { NotificationChannel } from '@picks/contracts/client'
import { useState } from 'react'
import { Card } from '../../../components/ui/card.tsx'
import { cx } from '../../../components/ui/cx.ts'
import { DeliveryList, newestFirst, useCreatorLogs } from './deliveries.tsx'
import { creatorNotificationsMessages } from './notification-words.ts'

type LogFilter = 'all' | NotificationChannel
const logFilters: { value: LogFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'email', label: 'E-mail' },
  { value: 'sms', label: 'Texts' },
]

/** Every delivery with its status (and the reason of a failure), one channel or both. */
export function DeliveryLogSection({ creatorId }: { creatorId: string }) {
  const logs = useCreatorLogs(creatorId)
  const [filter, setFilter] = useState<LogFilter>('all')
  // Copied before sorting: the arrays are the query cache's own.
  const shown = (
    filter === 'all' ? [...logs.byChannel.email, ...logs.byChannel.sms] : [...logs.byChannel[filter]]
  ).sort(newestFirst)

  return (
    <Card
      title="Delivery log"
      actions={
        <div role="group" aria-label="Channel" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          {logFilters.map((option) => (
            <button
              key={option.value}
              type="button"
              aria-pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
              className={cx(
                'min-h-9 rounded-md px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none',
                filter === option.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      }
    >
      <DeliveryList
        logs={logs}
        deliveries={shown}
        label="Deliveries"
        loading={{ label: 'Loading your delivery log…', className: 'h-32' }}
        empty={creatorNotificationsMessages.noDeliveries}
      />
    </Card>
  )
}
