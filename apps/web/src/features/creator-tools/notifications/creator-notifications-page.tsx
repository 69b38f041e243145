import { useStoredUser } from '../../../auth/stored-user.ts'
import { CreatorToolsPage } from '../creator-tools-page.tsx'
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
    <CreatorToolsPage
      key={user.id}
      title="Notifications"
      description="How your picks reach your subscribers, and what became of each alert."
    >
      <DeliveryMethodsSection creatorId={user.id} />
      <SubscribersSection creatorId={user.id} />
      <StatsSection creatorId={user.id} />
      <PendingSection creatorId={user.id} />
      <DeliveryLogSection creatorId={user.id} />
      <BillingEmailsSection creatorId={user.id} />
      <TestEmailForm creatorId={user.id} email={user.email} />
    </CreatorToolsPage>
  )
}
