import type { CreatorAlertPreference, Purchase, PurchasesAnswer } from '@picks/contracts'
import { liveStatuses, notificationMessages, paymentMessages, purchaseDisplayState } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { FormAlert } from '../../components/ui/form-field.tsx'
import { ProfilePicture } from '../../components/ui/profile-picture.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { Switch } from '../../components/ui/switch.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { planPrice, planTerm } from '../../components/plans/plan-terms.ts'
import { formatDay, purchaseDateLine, purchaseStatusLabel } from '../../components/plans/purchase-terms.ts'
import { pageTitle } from '../../lib/site.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import { serverReason } from '../../components/alerts/alerts-common.ts'
import { alertQueries, cancelSubscription, setAutoRenewal, subscriptionQueries } from './api.ts'
import { BillingHistory } from './billing-history.tsx'
import { CreatorAlertSwitches } from './creator-alert-switches.tsx'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'

type Announce = (message: string) => void

/** A subscription that still renews or can be made to: the switch and the cancel button apply. */
function isRenewable(purchase: Purchase): boolean {
  return purchase.kind === 'subscription' && liveStatuses.includes(purchase.status)
}

function changeFailure(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.code.startsWith('HTTP_')) return error.message
  return fallback
}

/** Shows the server's answer at once, then reads the list again (a change may touch other fields). */
async function applyChange(queryClient: QueryClient, userId: string, updated: Purchase) {
  const { queryKey } = subscriptionQueries.manage(userId)
  queryClient.setQueryData(queryKey, (list: PurchasesAnswer | undefined) =>
    list ? { purchases: list.purchases.map((p) => (p.id === updated.id ? updated : p)) } : list,
  )
  await queryClient.invalidateQueries({ queryKey })
}

const statusTone: Record<ReturnType<typeof purchaseDisplayState>, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  trialing: 'bg-sky-100 text-sky-900',
  past_due: 'bg-amber-100 text-amber-900',
  cancelled_until_end: 'bg-slate-100 text-slate-800',
  cancelled: 'bg-slate-100 text-slate-700',
  expired: 'bg-slate-100 text-slate-700',
  pending: 'bg-slate-100 text-slate-700',
  incomplete: 'bg-slate-100 text-slate-700',
}

function AutoRenewSwitch({ purchase, userId, announce }: { purchase: Purchase; userId: string; announce: Announce }) {
  const queryClient = useQueryClient()
  const toggle = useMutation({
    mutationFn: (autoRenewal: boolean) => setAutoRenewal(purchase.id, autoRenewal),
    onMutate: () => announce(''),
    onSuccess: async ({ purchase: updated }) => {
      const end = updated.current_period_end
      announce(
        updated.auto_renewal
          ? `Auto-renew is on for ${updated.plan_name}.`
          : `Auto-renew is off for ${updated.plan_name}.${end ? ` Your access continues until ${formatDay(end)}.` : ''}`,
      )
      await applyChange(queryClient, userId, updated)
    },
  })
  // While the change is on its way, the switch already shows where it is going.
  const checked = toggle.isPending ? toggle.variables : purchase.auto_renewal
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <Switch
          checked={checked}
          aria-label={`Auto-renew ${purchase.plan_name} from ${purchase.creator.name}`}
          busy={toggle.isPending}
          onCheckedChange={(next) => toggle.mutate(next)}
        />
        <span aria-hidden="true" className="text-sm text-slate-800">
          Auto-renew {checked ? 'on' : 'off'}
        </span>
      </div>
      {toggle.isError && (
        <p role="alert" className="text-sm text-red-700">
          {changeFailure(toggle.error, 'We couldn’t change auto-renew. Please try again.')}
        </p>
      )}
    </div>
  )
}

/** What the page knows of the person's alerts: per creator, and whether each channel can reach them. */
interface AlertsView {
  preferences: Map<string, CreatorAlertPreference>
  textsBlocked: boolean
  emailBlocked: boolean
}

function ToAlerts({ children }: { children: string }) {
  return (
    <>
      {children}{' '}
      <Link to="/alerts" className="font-semibold text-emerald-800 underline underline-offset-2">
        Go to Alerts
      </Link>
    </>
  )
}

/** The creator's e-mail and text switches, the same as on /alerts. */
function PurchaseAlerts({ purchase, userId, alerts }: { purchase: Purchase; userId: string; alerts: AlertsView }) {
  const preference = alerts.preferences.get(purchase.creator_id)
  if (!preference) return null
  const from = <span className="sr-only"> from {purchase.creator.name}</span>
  return (
    <div className="border-t border-slate-100 pt-3">
      <CreatorAlertSwitches
        userId={userId}
        preference={preference}
        labels={{
          email: (
            <>
              E-mail alerts
              {from}
            </>
          ),
          sms: (
            <>
              Text alerts
              {from}
            </>
          ),
        }}
        email={{ blocked: alerts.emailBlocked, hint: <ToAlerts>E-mail alerts are off for your account.</ToAlerts> }}
        texts={{
          blocked: alerts.textsBlocked,
          hint: <ToAlerts>Texts can’t reach you yet: turn on text alerts with a verified phone.</ToAlerts>,
        }}
      />
    </div>
  )
}

function PurchaseItem({
  purchase,
  userId,
  announce,
  onCancel,
  alerts,
}: {
  purchase: Purchase
  userId: string
  announce: Announce
  onCancel: () => void
  /** Given on the one card per creator that shows that creator's alert switches. */
  alerts: AlertsView | null
}) {
  const state = purchaseDisplayState(purchase)
  // "Cancelled — access until …" already says the date.
  const dateLine = state === 'cancelled_until_end' ? null : purchaseDateLine(purchase)
  const renewable = isRenewable(purchase)
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-start gap-3">
        <ProfilePicture picture={purchase.creator.profile_picture} name={purchase.creator.name} />
        <div className="min-w-0 flex-1">
          <Link
            to={`/${purchase.creator.username}`}
            className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline"
          >
            {purchase.creator.name}
          </Link>
          <h2 className="font-semibold text-slate-900">{purchase.plan_name}</h2>
          <p className="text-sm text-slate-800">
            {planPrice(purchase)}
            {purchase.kind === 'one_time' && <span className="text-slate-600"> · {planTerm(purchase)}</span>}
          </p>
        </div>
        {/* At most half the row, wrapping inside: "Cancelled — access until …" is wider than a phone leaves it. */}
        <span className={cx('max-w-[50%] rounded-full px-2.5 py-1 text-center text-xs font-medium', statusTone[state])}>
          {purchaseStatusLabel(purchase)}
        </span>
      </div>
      {dateLine && <p className="text-sm text-slate-700">{dateLine}</p>}
      {renewable && (
        <div className="flex flex-wrap items-start justify-between gap-3 border-t border-slate-100 pt-3">
          <AutoRenewSwitch purchase={purchase} userId={userId} announce={announce} />
          {purchase.auto_renewal && (
            <Button variant="secondary" onClick={onCancel}>
              Cancel subscription
              <span className="sr-only">
                {' '}
                {purchase.plan_name} from {purchase.creator.name}
              </span>
            </Button>
          )}
        </div>
      )}
      {alerts && <PurchaseAlerts purchase={purchase} userId={userId} alerts={alerts} />}
    </li>
  )
}

function CancelDialog({
  purchase,
  userId,
  announce,
  onClose,
}: {
  purchase: Purchase | null
  userId: string
  announce: Announce
  onClose: () => void
}) {
  const queryClient = useQueryClient()
  const cancel = useMutation({
    mutationFn: (target: Purchase) => cancelSubscription(target.id),
    onMutate: () => announce(''),
    onSuccess: async ({ purchase: updated }) => {
      const end = updated.current_period_end
      announce(`Subscription cancelled.${end ? ` You have access until ${formatDay(end)}.` : ''}`)
      close()
      await applyChange(queryClient, userId, updated)
    },
  })

  function close() {
    cancel.reset()
    onClose()
  }

  return (
    <Dialog open={purchase !== null} onClose={close} label="Cancel subscription?">
      {purchase && (
        <div className="flex flex-col gap-3 text-sm">
          <p className="font-medium text-slate-900">
            {purchase.plan_name} from {purchase.creator.name}
          </p>
          <p className="text-slate-700">{paymentMessages.cancelConfirm}</p>
          <FormAlert
            message={
              cancel.isError
                ? changeFailure(cancel.error, 'We couldn’t cancel the subscription. Please try again.')
                : null
            }
          />
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button disabled={cancel.isPending} onClick={() => cancel.mutate(purchase)}>
              {cancel.isPending ? 'Cancelling…' : 'Cancel subscription'}
            </Button>
            <Button variant="secondary" disabled={cancel.isPending} onClick={close}>
              Keep subscription
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  )
}

/** The first card of each creator the person has access to now: there the creator's alert switches go. */
function alertCards(purchases: Purchase[]): Set<string> {
  const seen = new Set<string>()
  const cards = new Set<string>()
  for (const purchase of purchases) {
    if (!purchase.has_access || seen.has(purchase.creator_id)) continue
    seen.add(purchase.creator_id)
    cards.add(purchase.id)
  }
  return cards
}

function Subscriptions({ userId }: { userId: string }) {
  const list = useQuery(subscriptionQueries.manage(userId))
  const [announcement, setAnnouncement] = useState('')
  const [cancelling, setCancelling] = useState<Purchase | null>(null)
  const withAlerts = alertCards(list.data ?? [])
  // Read only when some card has switches to show.
  const alertsWanted = withAlerts.size > 0
  const creators = useQuery({ ...alertQueries.creators(userId), enabled: alertsWanted })
  const sms = useQuery({ ...alertQueries.smsStatus(userId), enabled: alertsWanted })
  const preferences = useQuery({ ...alertQueries.preferences(userId), enabled: alertsWanted })
  const alerts: AlertsView | null = creators.data
    ? {
        preferences: new Map(creators.data.preferences.map((p) => [p.creatorId, p])),
        // Unknown (still loading, or failed) counts as open: the server has the last word anyway.
        textsBlocked: sms.data !== undefined && !sms.data.canReceive,
        emailBlocked: preferences.data !== undefined && !preferences.data.emailEnabled,
      }
    : null

  return (
    <>
      <p
        role="status"
        className={announcement ? 'rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900' : 'sr-only'}
      >
        {announcement}
      </p>
      {list.isPending && <Loading label="Loading your subscriptions…" className="h-32" count={2} />}
      {list.isError && (
        <ReadFailed message="We couldn’t load your subscriptions." onRetry={() => void list.refetch()} />
      )}
      {list.isSuccess && list.data.length === 0 && (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-6">
          <p className="text-slate-800">You have no subscriptions or passes yet.</p>
          <ButtonLink to="/shop-picks">Browse creators</ButtonLink>
        </div>
      )}
      {alertsWanted && creators.isError && (
        <ReadFailed
          message={notificationMessages.getAllEmailPreferences}
          detail={serverReason(creators.error)}
          onRetry={() => void creators.refetch()}
        />
      )}
      {list.isSuccess && list.data.length > 0 && (
        <ul aria-label="Your subscriptions and passes" className="flex flex-col gap-3">
          {list.data.map((purchase) => (
            <PurchaseItem
              key={purchase.id}
              purchase={purchase}
              userId={userId}
              announce={setAnnouncement}
              onCancel={() => setCancelling(purchase)}
              alerts={withAlerts.has(purchase.id) ? alerts : null}
            />
          ))}
        </ul>
      )}
      <CancelDialog
        purchase={cancelling}
        userId={userId}
        announce={setAnnouncement}
        onClose={() => setCancelling(null)}
      />
    </>
  )
}

/**
 * `/manage-subscriptions` (signed in): every subscription and pass, with auto-renew and cancel,
 * and on the card of each creator the person has access to, that creator's e-mail and text switches;
 * then the billing history, each charge with its printable receipt.
 */
export function Component() {
  const user = useStoredUser()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6">
      <title>{pageTitle('Manage Subscriptions')}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Manage Subscriptions</h1>
        <p className="text-slate-700">Cancel any time: your access continues to the end of the period you paid for.</p>
      </div>
      {user && <Subscriptions key={user.id} userId={user.id} />}
      {user && <BillingHistory key={user.id} userId={user.id} />}
    </div>
  )
}
