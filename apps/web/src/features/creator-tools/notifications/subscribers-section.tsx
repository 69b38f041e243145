import type { CreatorSubscriber } from '@picks/contracts'
import { notificationMessages } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { serverReason } from '../../../components/alerts/alerts-common.ts'
import { Card } from '../../../components/ui/card.tsx'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { creatorAlertQueries } from '../api/index.ts'
import { creatorNotificationsMessages } from './notification-words.ts'

function Reach({ reachable, chosen }: { reachable: boolean; chosen: boolean }) {
  if (reachable)
    return (
      <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs whitespace-nowrap text-emerald-900">
        Reachable
      </span>
    )
  return (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs whitespace-nowrap text-slate-800">
      {chosen ? 'Not reachable' : 'Turned off'}
    </span>
  )
}

const columns: DataColumn<CreatorSubscriber>[] = [
  { header: 'Name', isRowHeader: true, className: 'font-medium', cell: (subscriber) => subscriber.name },
  {
    header: 'Relationship',
    cell: (subscriber) => (subscriber.relationship === 'subscriber' ? 'Subscriber' : 'Follower'),
  },
  { header: 'Plan', cell: (subscriber) => subscriber.planName ?? '—' },
  {
    header: 'E-mail',
    cell: (subscriber) => <Reach reachable={subscriber.emailReachable} chosen={subscriber.emailEnabled} />,
  },
  {
    header: 'Text',
    cell: (subscriber) => <Reach reachable={subscriber.smsReachable} chosen={subscriber.smsEnabled} />,
  },
]

/** Who hears from the creator, and whether the next pick would reach them on each channel. */
export function SubscribersSection({ creatorId }: { creatorId: string }) {
  const subscribers = useQuery(creatorAlertQueries.subscribers(creatorId))
  return (
    <Card
      title="Subscribers"
      description={
        subscribers.isSuccess
          ? `${subscribers.data.total} ${subscribers.data.total === 1 ? 'person hears' : 'people hear'} from you.`
          : undefined
      }
    >
      {subscribers.isPending && <Loading label="Loading your subscribers…" className="h-32" />}
      {subscribers.isError && (
        <ReadFailed
          message={notificationMessages.getSubscribers}
          detail={serverReason(subscribers.error)}
          onRetry={() => void subscribers.refetch()}
        />
      )}
      {subscribers.isSuccess &&
        (subscribers.data.subscribers.length === 0 ? (
          <p className="text-sm text-slate-700">{creatorNotificationsMessages.noSubscribers}</p>
        ) : (
          <DataTable
            caption="Subscribers and how your picks reach them"
            columns={columns}
            rows={subscribers.data.subscribers}
            rowKey={(subscriber) => subscriber.userId}
          />
        ))}
    </Card>
  )
}
