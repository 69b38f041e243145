import type { ChannelStats, CreatorSubscriber, DeliveryLogEntry, DeliveryMethodsAnswer } from '@picks/contracts'
import {
  notificationMessages,
  statsTimeframes,
  type NotificationChannel,
  type StatsTimeframe,
} from '@picks/contracts/client'
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import { cx } from '../../../components/ui/cx.ts'
import { Field, FormAlert, inputClasses } from '../../../components/ui/form-field.tsx'
import { SwitchField } from '../../../components/ui/switch.tsx'
import { pageTitle } from '../../../lib/site.ts'
import { useStoredUser } from '../../../auth/stored-user.ts'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import {
  alertKeys,
  channelLabels,
  deliveryTime,
  deliveryTitle,
  formatMoment,
  isPending,
  serverReason,
  statusLabels,
  statusTones,
  timeframeLabels,
} from '../../../components/alerts/alerts-common.ts'
import { creatorAlertQueries, sendBatchNow, sendTestEmail, setDeliveryMethod } from '../api/index.ts'

export const creatorNotificationsMessages = {
  methodsLoadFailed: 'We couldn’t load your delivery methods.',
  methodChangeFailed: 'We couldn’t change how your picks are sent.',
  smsStatsLoadFailed: 'We couldn’t load your text message statistics.',
  logsLoadFailed: 'We couldn’t load your delivery log.',
  noneOffered: 'Your picks go out by neither e-mail nor text: turn one on so subscribers hear of them.',
  noSubscribers: 'No subscribers or followers yet.',
  nothingPending: 'Nothing is waiting to be sent.',
  noDeliveries: 'Nothing sent yet.',
} as const

const channels: NotificationChannel[] = ['email', 'sms']
const statsTitles: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'Text messages' }

/** "Sent 3 queued alerts now." */
export function batchSentMessage(flushed: number): string {
  if (flushed === 0) return 'Nothing was waiting: no alerts were queued.'
  return `Sent ${flushed} queued ${flushed === 1 ? 'alert' : 'alerts'} now.`
}

function Card({
  title,
  description,
  actions,
  children,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="text-sm text-slate-700">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  )
}

function StatusBadge({ status }: { status: DeliveryLogEntry['status'] }) {
  return (
    <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', statusTones[status])}>
      {statusLabels[status]}
    </span>
  )
}

/** The channels the creator's picks go out on (`GET, POST, PUT /delivery-methods`). */
function DeliveryMethodsSection({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  const methods = useQuery(creatorAlertQueries.deliveryMethods(creatorId))
  const change = useMutation({
    mutationFn: ({
      current,
      method,
      on,
    }: {
      current: DeliveryMethodsAnswer
      method: NotificationChannel
      on: boolean
    }) => setDeliveryMethod(current, method, on),
    // Reach and the subscribers' channels follow what is offered: read them all again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.creator(creatorId) }),
  })

  function offered(answer: DeliveryMethodsAnswer, method: NotificationChannel): boolean {
    if (change.isPending && change.variables.method === method) return change.variables.on
    return answer.offered.includes(method)
  }

  return (
    <Card title="Delivery methods" description="How your picks reach the people who subscribe to you.">
      {methods.isPending && <Loading label="Loading your delivery methods…" />}
      {methods.isError && (
        <ReadFailed
          message={creatorNotificationsMessages.methodsLoadFailed}
          detail={serverReason(methods.error)}
          onRetry={() => void methods.refetch()}
        />
      )}
      {methods.isSuccess && (
        <div className="flex flex-col gap-4">
          <SwitchField
            label="Send picks by e-mail"
            description="Each pick in full, with your reasoning."
            checked={offered(methods.data, 'email')}
            busy={change.isPending}
            onCheckedChange={(on) => change.mutate({ current: methods.data, method: 'email', on })}
          />
          <SwitchField
            label="Send picks by text"
            description="A short text with the pick and a link, to subscribers who turned texts on."
            checked={offered(methods.data, 'sms')}
            busy={change.isPending}
            onCheckedChange={(on) => change.mutate({ current: methods.data, method: 'sms', on })}
          />
          {!change.isPending && methods.data.offered.length === 0 && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {creatorNotificationsMessages.noneOffered}
            </p>
          )}
          <FormAlert
            message={change.isError ? creatorNotificationsMessages.methodChangeFailed : null}
            detail={serverReason(change.error)}
          />
        </div>
      )}
    </Card>
  )
}

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
function SubscribersSection({ creatorId }: { creatorId: string }) {
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
function StatsSection({ creatorId }: { creatorId: string }) {
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

/** Both channels' logs, newest first; the queries poll themselves while anything is pending. */
function useCreatorLogs(creatorId: string) {
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

function newestFirst(a: DeliveryLogEntry, b: DeliveryLogEntry): number {
  return Date.parse(deliveryTime(b)) - Date.parse(deliveryTime(a))
}

function DeliveryItem({ delivery, showNextTry = false }: { delivery: DeliveryLogEntry; showNextTry?: boolean }) {
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

/** Queued and sending deliveries of both channels, with Send Batch Now. */
function PendingSection({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  const logs = useCreatorLogs(creatorId)
  const [announcement, setAnnouncement] = useState('')
  const send = useMutation({
    mutationFn: () => sendBatchNow(creatorId),
    onMutate: () => setAnnouncement(''),
    onSuccess: async ({ flushed }) => {
      setAnnouncement(batchSentMessage(flushed))
      await queryClient.invalidateQueries({ queryKey: alertKeys.creator(creatorId) })
    },
  })
  const pending = [...logs.byChannel.email, ...logs.byChannel.sms]
    .filter((delivery) => isPending(delivery.status))
    .sort(newestFirst)

  return (
    <Card
      title="Pending deliveries"
      description="Alerts waiting for their batch or for another try. They go out on their own; Send Batch Now sends them at once."
      actions={
        <Button onClick={() => send.mutate()} disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Batch Now'}
        </Button>
      }
    >
      <FormAlert message={send.isError ? notificationMessages.sendBatch : null} detail={serverReason(send.error)} />
      <StatusNote message={announcement} />
      {logs.isPending && <Loading label="Loading pending deliveries…" />}
      {!logs.isPending && logs.failed && (
        <ReadFailed
          message={creatorNotificationsMessages.logsLoadFailed}
          detail={serverReason(logs.failed.error)}
          onRetry={() => void logs.refetch()}
        />
      )}
      {!logs.isPending &&
        !logs.failed &&
        (pending.length === 0 ? (
          <p className="text-sm text-slate-700">{creatorNotificationsMessages.nothingPending}</p>
        ) : (
          <ul aria-label="Waiting to be sent" className="flex flex-col divide-y divide-slate-100">
            {pending.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} showNextTry />
            ))}
          </ul>
        ))}
    </Card>
  )
}

type LogFilter = 'all' | NotificationChannel
const logFilters: { value: LogFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'email', label: 'E-mail' },
  { value: 'sms', label: 'Texts' },
]

/** Every delivery with its status (and the reason of a failure), one channel or both. */
function DeliveryLogSection({ creatorId }: { creatorId: string }) {
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
      {logs.isPending && <Loading label="Loading your delivery log…" className="h-32" />}
      {!logs.isPending && logs.failed && (
        <ReadFailed
          message={creatorNotificationsMessages.logsLoadFailed}
          detail={serverReason(logs.failed.error)}
          onRetry={() => void logs.refetch()}
        />
      )}
      {!logs.isPending &&
        !logs.failed &&
        (shown.length === 0 ? (
          <p className="text-sm text-slate-700">{creatorNotificationsMessages.noDeliveries}</p>
        ) : (
          <ul aria-label="Deliveries" className="flex flex-col divide-y divide-slate-100">
            {shown.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        ))}
    </Card>
  )
}

/**
 * A sample pick e-mail to the creator's own address (the server sends to no other). A form, not a
 * titled region: the statistics card is the page's one region named "E-mail".
 */
function TestEmailForm({ creatorId, email: ownEmail }: { creatorId: string; email: string }) {
  const queryClient = useQueryClient()
  const headingId = useId()
  const [email, setEmail] = useState(ownEmail)
  const [sentTo, setSentTo] = useState('')
  const send = useMutation({
    mutationFn: (address: string) => sendTestEmail(address),
    onMutate: () => setSentTo(''),
    onSuccess: async (_answer, address) => {
      setSentTo(address)
      await queryClient.invalidateQueries({ queryKey: alertKeys.creator(creatorId) })
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!send.isPending) send.mutate(email.trim())
  }

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Test e-mail
        </h2>
        <p className="text-sm text-slate-700">See what your subscribers get: a sample pick e-mail, sent to you.</p>
      </div>
      <Field label="Your e-mail" hint={notificationMessages.testEmailOwnAddressOnly}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>
      <FormAlert message={send.isError ? notificationMessages.sendTestEmail : null} detail={serverReason(send.error)} />
      <StatusNote message={sentTo ? `Test e-mail sent to ${sentTo}.` : ''} />
      <Button type="submit" disabled={send.isPending} aria-busy={send.isPending} className="self-start">
        {send.isPending ? 'Sending…' : 'Send test e-mail'}
      </Button>
    </form>
  )
}

/**
 * `/creator/notifications` (spec §2, creator only; issue 7 item 6): the channels the creator's
 * picks go out on, who hears from them, e-mail and text statistics by timeframe, pending
 * deliveries with Send Batch Now, the delivery log, and a test e-mail.
 */
export function Component() {
  const user = useStoredUser()
  // The route's guard lets only creators in; a sign-out elsewhere empties the record.
  if (!user) return null
  return (
    <div key={user.id} className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle('Notifications')}</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Notifications</h1>
          <p className="text-slate-700">How your picks reach your subscribers, and what became of each alert.</p>
        </div>
        <Link to="/dashboard" className="font-semibold text-emerald-800 underline underline-offset-4">
          Back to the dashboard
        </Link>
      </header>
      <DeliveryMethodsSection creatorId={user.id} />
      <SubscribersSection creatorId={user.id} />
      <StatsSection creatorId={user.id} />
      <PendingSection creatorId={user.id} />
      <DeliveryLogSection creatorId={user.id} />
      <TestEmailForm creatorId={user.id} email={user.email} />
    </div>
  )
}
