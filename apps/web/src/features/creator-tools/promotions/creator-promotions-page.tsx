import { useStoredUser } from '../../../auth/stored-user.ts'
import { CreatorToolsPage } from '../creator-tools-page.tsx'
import { AffiliatesSection } from './affiliates-section.tsx'
import { PromoCodesSection } from './promo-codes-section.tsx'
import { ShareLinkSection } from './share-link-section.tsx'
import { TrialsSection } from './trials-section.tsx'

/**
 * `/creator-promotions` (spec §2, creator only; issue 17): promo codes, free trials, the share link
 * with what it brought, and affiliates. Each section reads and fails on its own; a section is one line here.
 */
export function Component() {
  const user = useStoredUser()
  // The route's guard lets only creators in; a sign-out elsewhere empties the record.
  if (!user) return null
  return (
    <CreatorToolsPage
      key={user.id}
      title="Creator Promotions"
      description="Promo codes, free trials, your link’s results and your affiliates."
    >
      <PromoCodesSection creatorId={user.id} />
      <TrialsSection creatorId={user.id} />
      <ShareLinkSection creatorId={user.id} />
      <AffiliatesSection creatorId={user.id} />
    </CreatorToolsPage>
  )
}
