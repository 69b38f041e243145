import { Link } from 'react-router'
import { useStoredUser } from '../../../auth/stored-user.ts'
import { pageTitle } from '../../../lib/site.ts'
import { BillingEmailsSection } from './billing-emails-section.tsx'
import { DeliveryLogSection } from './delivery-log-section.tsx'
import { DeliveryMethodsSection } from './delivery-methods-section.tsx'
import { PendingSection } from './pending-section.tsx'
import { StatsSection } from './stats-section.tsx'
import { SubscribersSection } from './subscribers-section.tsx'
import { TestEmailForm } from './test-email-form.tsx'

/**
 * `/creator/notifications` (spec §2, creator only; issue 7 item 6): the channels the creator's
 * picks go out on, who hears from them, e-mail and text statistics by timeframe, pending
 * deliveries with Send Batch Now, the delivery log, the new-subscriber e-mail switch, and a test e-mail.
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
      <BillingEmailsSection creatorId={user.id} />
      <TestEmailForm creatorId={user.id} email={user.email} />
    </div>
  )
}
