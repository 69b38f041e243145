import type { CreatorSubscriber } from '@picks/contracts'
import { notificationMessages } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { serverReason } from '../../../components/alerts/alerts-common.ts'
import { Card } from '../../../components/ui/card.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { creatorAlertQueries } from '../api/index.ts'
import { creatorNotificationsMessages } from './notification-words.ts'

function Reach({ reachable, chosen }: { reachable: boolean; chosen: boolean }) {
  if (reachable)
    return <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">Reachable</span>
  return (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
      {chosen ? 'Not reachable' : 'Turned off'}
    </span>
  )
}

function SubscriberRow({ subscriber }: { subscriber: CreatorSubscriber }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-900">
        {subscriber.name}
      </th>
      <td className="py-2 pr-3 text-slate-800">
        {subscriber.relationship === 'subscriber' ? 'Subscriber' : 'Follower'}
      </td>
      <td className="py-2 pr-3 text-slate-800">{subscriber.planName ?? '—'}</td>
      <td className="py-2 pr-3">
        <Reach reachable={subscriber.emailReachable} chosen={subscriber.emailEnabled} />
      </td>
      <td className="py-2">
        <Reach reachable={subscriber.smsReachable} chosen={subscriber.smsEnabled} />
      </td>
    </tr>
  )
}

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
          <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="sr-only">Subscribers and how your picks reach them</caption>
              <thead>
                <tr className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <th scope="col" className="pb-2">
                    Name
                  </th>
                  <th scope="col" className="pb-2">
                    Relationship
                  </th>
                  <th scope="col" className="pb-2">
                    Plan
                  </th>
                  <th scope="col" className="pb-2">
                    E-mail
                  </th>
                  <th scope="col" className="pb-2">
                    Text
                  </th>
                </tr>
              </thead>
              <tbody>
                {subscribers.data.subscribers.map((subscriber) => (
                  <SubscriberRow key={subscriber.userId} subscriber={subscriber} />
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </Card>
  )
}
