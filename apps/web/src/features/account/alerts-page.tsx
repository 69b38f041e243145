import type { DeliveryLogEntry, SmsStatus } from '@picks/contracts'
import { notificationMessages } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ButtonLink } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { FormAlert } from '../../components/ui/form-field.tsx'
import { ProfilePicture } from '../../components/ui/profile-picture.tsx'
import { SwitchField } from '../../components/ui/switch.tsx'
import { pageTitle } from '../../lib/site.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import {
  channelLabels,
  deliveryTime,
  deliveryTitle,
  formatMoment,
  serverReason,
  statusLabels,
  statusTones,
} from '../../components/alerts/alerts-common.ts'
import { AccountSection } from './account-section.tsx'
import { creatorProfileQueries } from '../../components/creator-profile/creator-queries.ts'
import { accountQueries, alertQueries, applyCreatorChoice, setCreatorEmail, setEmailAlerts, setTexts } from './api.ts'
import { CreatorAlertSwitches } from './creator-alert-switches.tsx'
import { PhoneSection } from './phone-section.tsx'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'

export const alertsMessages = {
  smsLoadFailed: 'We couldn’t load your text message settings.',
  emailLoadFailed: 'We couldn’t load your e-mail settings.',
  receivedLoadFailed: 'We couldn’t load your recent alerts.',
  textsOnFailed: 'We couldn’t turn text alerts on.',
  textsOffFailed: 'We couldn’t turn text alerts off.',
  noCreators: 'You don’t subscribe to or follow any creators yet.',
  noAlerts: 'No alerts yet. When a creator you subscribe to posts a pick, it shows up here.',
  textsLoadFailed: 'We couldn’t load the texts sent to you.',
  noTexts: 'No texts sent to you yet.',
} as const

/** A creator id in `?creator=` (anything else names no creator and is ignored). */
const creatorIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Says why texts do or do not reach the person, in the words of what they can do about it. */
function textsDescription(status: SmsStatus, pendingOn: boolean | undefined): string {
  const phone = status.phone ?? 'your phone'
  switch (status.reason) {
    case 'no_phone':
      return 'Add a phone number and verify it with the code we text you to get picks by text.'
    case 'phone_unverified':
      return `Verify ${phone} with the code we text you to get picks by text.`
    case 'opted_out':
      return status.smsEnabled
        ? `You replied STOP, so we text nothing to ${phone}. Reply START to any of our texts to get texts again.`
        : `You replied STOP, so we text nothing to ${phone}. Reply START to any of our texts to get texts again, then turn this on.`
    default: {
      const on = pendingOn ?? status.smsEnabled
      return on ? `Picks are texted to ${phone}.` : `Turn on to get picks by text at ${phone}.`
    }
  }
}

/** The global SMS switch, with the phone proven inline when it is not yet. */
function TextsSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  const status = useQuery(alertQueries.smsStatus(userId))
  const needsPhone = status.data !== undefined && !status.data.phoneVerified
  const me = useQuery({ ...accountQueries.me(userId), enabled: needsPhone })
  const change = useMutation({
    mutationFn: (on: boolean) => setTexts(userId, on),
    onSuccess: async (answer) => {
      queryClient.setQueryData(alertQueries.smsStatus(userId).queryKey, answer)
      await queryClient.invalidateQueries({ queryKey: alertQueries.preferences(userId).queryKey })
    },
  })

  // The phone section writes the verified account into the cache; then the text status is news.
  const phoneJustVerified = needsPhone && me.data?.phone_verified === true
  useEffect(() => {
    if (phoneJustVerified) void queryClient.invalidateQueries({ queryKey: alertQueries.smsStatus(userId).queryKey })
  }, [phoneJustVerified, queryClient, userId])

  return (
    <AccountSection title="Text messages" description="Picks by text, as soon as a creator posts them.">
      {status.isPending && <Loading label="Loading your text message settings…" />}
      {status.isError && (
        <ReadFailed
          message={alertsMessages.smsLoadFailed}
          detail={serverReason(status.error)}
          onRetry={() => void status.refetch()}
        />
      )}
      {status.isSuccess && (
        <div className="flex flex-col gap-4">
          <SwitchField
            label="Text alerts"
            description={textsDescription(status.data, change.isPending ? change.variables : undefined)}
            checked={status.data.phoneVerified && (change.isPending ? change.variables : status.data.smsEnabled)}
            disabled={!status.data.phoneVerified}
            busy={change.isPending}
            onCheckedChange={(next) => change.mutate(next)}
          >
            <FormAlert
              message={
                change.isError
                  ? change.variables
                    ? alertsMessages.textsOnFailed
                    : alertsMessages.textsOffFailed
                  : null
              }
              detail={serverReason(change.error)}
            />
          </SwitchField>
          {needsPhone &&
            (me.isPending ? (
              <Loading label="Loading your phone number…" className="h-40" />
            ) : me.isError ? (
              <ReadFailed
                message="We couldn’t load your phone number."
                detail={serverReason(me.error)}
                onRetry={() => void me.refetch()}
              />
            ) : (
              <PhoneSection key={`phone-${me.data.id}`} user={me.data} />
            ))}
        </div>
      )}
    </AccountSection>
  )
}

/** The global e-mail switch (`PUT /sms/preferences/{id}` with `emailEnabled`). */
function EmailSection({ userId, email }: { userId: string; email: string }) {
  const queryClient = useQueryClient()
  const preferences = useQuery(alertQueries.preferences(userId))
  const change = useMutation({
    mutationFn: (on: boolean) => setEmailAlerts(userId, on),
    onSuccess: (answer) => queryClient.setQueryData(alertQueries.preferences(userId).queryKey, answer),
  })
  const on = change.isPending ? change.variables : preferences.data?.emailEnabled

  return (
    <AccountSection title="E-mail" description="Each pick in full, with the creator’s reasoning.">
      {preferences.isPending && <Loading label="Loading your e-mail settings…" />}
      {preferences.isError && (
        <ReadFailed
          message={alertsMessages.emailLoadFailed}
          detail={serverReason(preferences.error)}
          onRetry={() => void preferences.refetch()}
        />
      )}
      {preferences.isSuccess && (
        <SwitchField
          label="E-mail alerts"
          description={on ? `Picks are e-mailed to ${email}.` : `Turn on to get picks by e-mail at ${email}.`}
          checked={on === true}
          busy={change.isPending}
          onCheckedChange={(next) => change.mutate(next)}
        >
          <FormAlert
            message={change.isError ? notificationMessages.updateEmailPreferences : null}
            detail={serverReason(change.error)}
          />
        </SwitchField>
      )}
    </AccountSection>
  )
}

/** One row per creator the person hears from, with their two switches. */
function CreatorsSection({ userId }: { userId: string }) {
  const creators = useQuery(alertQueries.creators(userId))
  const status = useQuery(alertQueries.smsStatus(userId))
  const preferences = useQuery(alertQueries.preferences(userId))
  // Unknown (still loading, or failed) counts as open: the server has the last word anyway.
  const textsBlocked = status.data !== undefined && !status.data.canReceive
  const emailBlocked = preferences.data !== undefined && !preferences.data.emailEnabled

  return (
    <AccountSection title="Creators" description="Choose how each creator reaches you.">
      {creators.isPending && <Loading label="Loading your creators…" className="h-28" />}
      {creators.isError && (
        <ReadFailed
          message={notificationMessages.getAllEmailPreferences}
          detail={serverReason(creators.error)}
          onRetry={() => void creators.refetch()}
        />
      )}
      {creators.isSuccess && creators.data.preferences.length === 0 && (
        <div className="flex flex-col items-start gap-3">
          <p className="text-slate-800">{alertsMessages.noCreators}</p>
          <ButtonLink to="/shop-picks" variant="secondary">
            Browse creators
          </ButtonLink>
        </div>
      )}
      {creators.isSuccess && creators.data.preferences.length > 0 && (
        <ul className="flex flex-col divide-y divide-slate-100">
          {creators.data.preferences.map((preference) => (
            <li key={preference.creatorId} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
              <div className="flex items-center gap-3">
                <ProfilePicture picture={preference.profilePicture} name={preference.creatorName} />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/${preference.creatorUsername}`}
                    className="font-semibold text-slate-900 underline-offset-2 hover:underline"
                  >
                    {preference.creatorName}
                  </Link>
                  <p>
                    <span
                      className={cx(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        preference.relationship === 'subscriber'
                          ? 'bg-emerald-100 text-emerald-900'
                          : 'bg-slate-100 text-slate-800',
                      )}
                    >
                      {preference.relationship === 'subscriber' ? 'Subscriber' : 'Follower'}
                    </span>
                  </p>
                </div>
              </div>
              <CreatorAlertSwitches
                userId={userId}
                preference={preference}
                labels={{ email: `E-mail from ${preference.creatorName}`, sms: `Texts from ${preference.creatorName}` }}
                email={{ blocked: emailBlocked, hint: 'Turn on E-mail alerts above to choose.' }}
                texts={{ blocked: textsBlocked, hint: 'Turn on Text alerts above to choose.' }}
              />
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  )
}

/**
 * `/alerts?creator={id}` (from the purchase page of a creator the person has access to): that one
 * creator's e-mail choice first, read on its own (`GET /email-preferences/{me}/creator/{id}`).
 */
function CreatorEmailSection({ userId, creatorId }: { userId: string; creatorId: string }) {
  const queryClient = useQueryClient()
  const choice = useQuery(alertQueries.creatorEmail(userId, creatorId))
  const profile = useQuery(creatorProfileQueries.profile(creatorId))
  const preferences = useQuery(alertQueries.preferences(userId))
  const change = useMutation({
    mutationFn: (enabled: boolean) => setCreatorEmail(userId, creatorId, enabled),
    onSuccess: (answer) => applyCreatorChoice(queryClient, userId, creatorId, { enabled: answer.enabled }),
  })
  const name = profile.data?.creator.name ?? 'this creator'
  // Unknown (still loading, or failed) counts as open: the server has the last word anyway.
  const emailBlocked = preferences.data !== undefined && !preferences.data.emailEnabled
  const on = change.isPending ? change.variables : choice.data?.enabled === true

  return (
    <AccountSection title={`E-mail from ${name}`} description="The creator you came here from.">
      {choice.isPending && <Loading label="Loading your e-mail choice…" />}
      {choice.isError && (
        <ReadFailed
          message={notificationMessages.getEmailPreferences}
          detail={serverReason(choice.error)}
          onRetry={() => void choice.refetch()}
        />
      )}
      {choice.isSuccess && (
        <SwitchField
          label={`Picks from ${name} by e-mail`}
          description={
            emailBlocked
              ? 'Turn on E-mail alerts below to choose.'
              : on
                ? `${name}’s picks are e-mailed to you.`
                : `Turn on to get ${name}’s picks by e-mail (their free picks, without a plan).`
          }
          checked={!emailBlocked && on}
          disabled={emailBlocked}
          busy={change.isPending}
          onCheckedChange={(next) => change.mutate(next)}
        >
          <FormAlert
            message={change.isError ? notificationMessages.updateEmailPreferences : null}
            detail={serverReason(change.error)}
          />
        </SwitchField>
      )}
    </AccountSection>
  )
}

function ReceivedItem({ delivery }: { delivery: DeliveryLogEntry }) {
  const at = deliveryTime(delivery)
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-800">
          {channelLabels[delivery.channel]}
        </span>
        <span className={cx('rounded-full px-2 py-0.5 font-medium', statusTones[delivery.status])}>
          {statusLabels[delivery.status]}
        </span>
        <time dateTime={at} className="text-slate-600">
          {formatMoment(at)}
        </time>
      </div>
      <p className="text-sm font-medium break-words text-slate-900">{deliveryTitle(delivery)}</p>
      {delivery.status === 'failed' && delivery.error && <p className="text-sm text-red-700">{delivery.error}</p>}
    </li>
  )
}

/** A list of messages sent to the person, as `read` has it, with its own words for loading, failing and none. */
function DeliveriesSection({
  read,
  title,
  description,
  listLabel,
  words,
}: {
  read: UseQueryResult<DeliveryLogEntry[]>
  title: string
  description?: string
  listLabel?: string
  words: { loading: string; failed: string; none: string }
}) {
  return (
    <AccountSection title={title} description={description}>
      {read.isPending && <Loading label={words.loading} className="h-24" />}
      {read.isError && (
        <ReadFailed message={words.failed} detail={serverReason(read.error)} onRetry={() => void read.refetch()} />
      )}
      {read.isSuccess &&
        (read.data.length === 0 ? (
          <p className="text-sm text-slate-700">{words.none}</p>
        ) : (
          <ul aria-label={listLabel} className="flex flex-col divide-y divide-slate-100">
            {read.data.map((delivery) => (
              <ReceivedItem key={delivery.id} delivery={delivery} />
            ))}
          </ul>
        ))}
    </AccountSection>
  )
}

/** The alerts sent to the person lately, both channels (`GET /alerts/received/{id}`). */
function RecentAlertsSection({ userId }: { userId: string }) {
  const received = useQuery(alertQueries.received(userId))
  return (
    <DeliveriesSection
      read={received}
      title="Recent alerts"
      words={{
        loading: 'Loading your recent alerts…',
        failed: alertsMessages.receivedLoadFailed,
        none: alertsMessages.noAlerts,
      }}
    />
  )
}

/**
 * Every text sent to the person (`GET /sms/logs/{id}`): the pick alerts and our answers to STOP and
 * HELP, which the recent alerts (picks only, both channels) leave out.
 */
function TextLogSection({ userId }: { userId: string }) {
  const texts = useQuery(alertQueries.texts(userId))
  return (
    <DeliveriesSection
      read={texts}
      title="Texts sent to you"
      description="Every text we sent you, with our answers to STOP and HELP."
      listLabel="Texts sent to you"
      words={{
        loading: 'Loading the texts sent to you…',
        failed: alertsMessages.textsLoadFailed,
        none: alertsMessages.noTexts,
      }}
    />
  )
}

/**
 * `/alerts` (spec §2, signed in): the global text and e-mail switches (with the phone proven
 * inline), each creator's switches, the alerts received lately and the texts sent. `?creator={id}`
 * puts that creator's e-mail choice first.
 */
export function Component() {
  const user = useStoredUser()
  const [searchParams] = useSearchParams()
  const creator = searchParams.get('creator')
  // The route's guard lets only signed-in visitors in; a sign-out elsewhere empties the record.
  if (!user) return null
  const focusedCreator = creator && creatorIdPattern.test(creator) && creator !== user.id ? creator : null
  return (
    <div key={user.id} className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle('Alerts')}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Alerts</h1>
        <p className="mt-1 text-slate-700">How picks reach you: by text, by e-mail, creator by creator.</p>
      </div>
      {focusedCreator && <CreatorEmailSection userId={user.id} creatorId={focusedCreator} />}
      <TextsSection userId={user.id} />
      <EmailSection userId={user.id} email={user.email} />
      <CreatorsSection userId={user.id} />
      <RecentAlertsSection userId={user.id} />
      <TextLogSection userId={user.id} />
    </div>
  )
}
