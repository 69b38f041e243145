import type { EmailMessage } from '../notifications/notifications.service.ts'
import type { ReceiptKind } from './receipts.table.ts'

/**
 * What a billing e-mail says, in text and HTML: the customer's receipt for a charge, a renewal, a
 * failed renewal, a cancellation or a refund (amount, plan, creator, period, the card's last four
 * digits when known, and how to cancel), and the creator's new-subscriber notice.
 */

export interface ReceiptFacts {
  id: string
  kind: ReceiptKind
  to: string
  planName: string
  creatorName: string
  amountCents: number
  currency: string
  periodStart: Date | null
  periodEnd: Date | null
  cardLast4: string | null
  occurredAt: Date
  /** Whether the purchase is a subscription (a pass has nothing to cancel). */
  subscription: boolean
  /**
   * The printable receipt (`/receipts/:id`) the e-mail links to: the charge's own, or for a refund the
   * charge it refunded, which shows the refund; null for none.
   */
  receiptPageId: string | null
}

/** Receipts show cents always ("$29.00"), unlike the shop's short prices. */
export function receiptMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)
}

export function receiptDate(at: Date): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at)
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function period(facts: ReceiptFacts): string | null {
  const { periodStart, periodEnd } = facts
  if (periodStart && periodEnd) return `${receiptDate(periodStart)} – ${receiptDate(periodEnd)}`
  if (periodEnd) return `until ${receiptDate(periodEnd)}`
  if (periodStart) return `from ${receiptDate(periodStart)}`
  return null
}

interface Wording {
  subject: string
  intro: string
  amountLabel: string | null
}

function wordingOf(f: ReceiptFacts): Wording {
  const money = receiptMoney(f.amountCents, f.currency)
  const what = `${f.planName} from ${f.creatorName}`
  switch (f.kind) {
    case 'charge':
      return {
        subject: `Your receipt: ${what}, ${money}`,
        intro: `Thank you: we charged ${money} for ${what}.`,
        amountLabel: 'Amount paid',
      }
    case 'renewal':
      return {
        subject: `Your receipt: ${what} renewed, ${money}`,
        intro: `Your subscription to ${what} renewed and we charged ${money}.`,
        amountLabel: 'Amount paid',
      }
    case 'renewal_failed':
      return {
        subject: `Payment failed: ${what}`,
        intro: `We could not charge ${money} to renew ${what}. Your card was not charged. We will try again; to keep your access, make sure your card can pay, or cancel if you no longer want the subscription.`,
        amountLabel: 'Amount due',
      }
    case 'cancellation':
      return {
        subject: `Cancelled: ${what}`,
        intro: f.periodEnd
          ? `Your subscription to ${what} is cancelled. You keep access until ${receiptDate(f.periodEnd)} and will not be charged again.`
          : `Your subscription to ${what} is cancelled. You will not be charged again.`,
        amountLabel: null,
      }
    case 'refund':
      return {
        subject: `Refund: ${money} for ${what}`,
        intro: `We refunded ${money} for ${what}. It can take 5–10 business days to reach your card.`,
        amountLabel: 'Amount refunded',
      }
    case 'new_subscriber':
      return {
        subject: `New subscriber: ${f.planName}`,
        intro: `Someone just bought ${f.planName} for ${money}. They can now read your premium picks.`,
        amountLabel: 'Price',
      }
  }
}

/** The receipt's lines, label and value, in the order shown. */
function linesOf(f: ReceiptFacts, wording: Wording): [string, string][] {
  const lines: [string, string][] = []
  if (wording.amountLabel) lines.push([wording.amountLabel, receiptMoney(f.amountCents, f.currency)])
  lines.push(['Plan', f.planName])
  if (f.kind !== 'new_subscriber') lines.push(['Creator', f.creatorName])
  const shown = period(f)
  if (shown) lines.push([f.kind === 'cancellation' ? 'Access' : 'Period', shown])
  if (f.cardLast4 && f.kind !== 'new_subscriber') lines.push(['Card', `ending in ${f.cardLast4}`])
  lines.push(['Date', receiptDate(f.occurredAt)])
  if (f.kind !== 'new_subscriber' && f.kind !== 'cancellation') lines.push(['Receipt number', f.id])
  return lines
}

/** The e-mail for one billing row; `site` is the public address without a trailing slash. */
export function receiptEmail(f: ReceiptFacts, site: string): EmailMessage {
  const wording = wordingOf(f)
  const lines = linesOf(f, wording)
  const links: [string, string][] = []
  if (f.kind === 'new_subscriber') {
    links.push(['See your subscribers', `${site}/creator/notifications`])
    links.push(['Turn these e-mails off', `${site}/creator/notifications`])
  } else {
    if (f.receiptPageId) {
      const label = f.kind === 'refund' ? 'View or print the refunded charge' : 'View or print this receipt'
      links.push([label, `${site}/receipts/${f.receiptPageId}`])
    }
    if (f.subscription && f.kind !== 'cancellation') {
      links.push(['Cancel or manage your subscription', `${site}/manage-subscriptions`])
    } else {
      links.push(['Your subscriptions and billing history', `${site}/manage-subscriptions`])
    }
  }
  const text = [
    wording.intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    '',
    ...links.map(([label, url]) => `${label}: ${url}`),
    '',
    'Picks Marketplace',
  ].join('\n')
  const rows = lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 16px 4px 0;color:#475569;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0;color:#0f172a">${escapeHtml(value)}</td></tr>`,
    )
    .join('')
  const html = [
    `<div style="font-family:system-ui,sans-serif;max-width:560px">`,
    `<p>${escapeHtml(wording.intro)}</p>`,
    `<table role="presentation" style="border-collapse:collapse">${rows}</table>`,
    ...links.map(([label, url]) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`),
    `<p style="color:#64748b">Picks Marketplace</p>`,
    `</div>`,
  ].join('')
  return { to: f.to, subject: wording.subject, text, html, kind: `receipt_${f.kind}` }
}
