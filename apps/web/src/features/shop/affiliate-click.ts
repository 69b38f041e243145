import type { AffiliateClickAnswer } from '@picks/contracts'
import { api } from '../../lib/api-client.ts'
import { localStore } from '../../lib/storage.ts'

// An affiliate's link (`/{username}?aff=CODE`, decision 038): the visit is counted by the server,
// which answers the click signed; the latest click for each creator is kept here until it expires
// (30 days) and goes with a purchase from that creator. The server checks it again.

/** An affiliate link's code, when it looks like one (the server checks the rest). */
export const affiliateCodePattern = /^[A-Za-z0-9_-]{8,64}$/

const keyOf = (creatorId: string) => `picks.affiliate-click.${creatorId}`

interface StoredClick {
  click: string
  expiresAt: string
}

/** Counts the visit through the affiliate's link and keeps the click for the creator's checkout. */
export async function recordAffiliateClick(code: string): Promise<void> {
  const answer = await api.post<AffiliateClickAnswer>(`/affiliate-links/${encodeURIComponent(code)}/clicks`)
  const stored: StoredClick = { click: answer.click, expiresAt: answer.expires_at }
  localStore.setItem(keyOf(answer.creator_id), JSON.stringify(stored))
}

/** The latest click on one of the creator's affiliate links, while it counts. */
export function affiliateClickFor(creatorId: string, now = Date.now()): string | undefined {
  const raw = localStore.getItem(keyOf(creatorId))
  if (!raw) return undefined
  try {
    const stored = JSON.parse(raw) as Partial<StoredClick>
    if (typeof stored.click !== 'string' || typeof stored.expiresAt !== 'string') return undefined
    if (Date.parse(stored.expiresAt) <= now) {
      localStore.removeItem(keyOf(creatorId))
      return undefined
    }
    return stored.click
  } catch {
    return undefined
  }
}
