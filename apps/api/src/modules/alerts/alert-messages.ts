import { createHmac, timingSafeEqual } from 'node:crypto'
import { formatOdds, marketLabels, notificationMessages, smsSegments, sportLabel } from '@picks/contracts/client'
import type { EmailMessage } from '../notifications/notifications.service.ts'

/**
 * What a pick alert says: an e-mail with the whole pick (HTML and text, a signed one-click
 * unsubscribe link and the List-Unsubscribe headers of RFC 2369 and RFC 8058) and a short text
 * with the essentials and a link, kept within two segments.
 */

export interface AlertPick {
  id: string
  sport: string
  homeTeam: string
  awayTeam: string
  gameDate: Date
  betType: 'moneyline' | 'spread' | 'total' | 'player_prop'
  selection: string
  odds: number
  line: number | null
  bookmaker: string | null
  player: string | null
  stat: string | null
  overUnder: 'over' | 'under' | null
  reasoning: string
  isPremium: boolean
  stakeUnits: number
}

export interface AlertCreator {
  id: string
  name: string
  username: string
}

export interface AlertLinks {
  /** The site's public address, without a trailing slash. */
  publicUrl: string
  /** Signs the unsubscribe links. */
  secret: string
}

const gameTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

function signedLine(line: number): string {
  if (line === 0) return 'PK'
  return line > 0 ? `+${line}` : String(line)
}

/** "Celtics -3.5", "Over 221.5", "Jayson Tatum over 27.5 Points", "Lakers ML". */
export function selectionText(pick: AlertPick): string {
  switch (pick.betType) {
    case 'moneyline':
      return `${pick.selection} ML`
    case 'spread':
      return pick.line === null ? pick.selection : `${pick.selection} ${signedLine(pick.line)}`
    case 'total': {
      const side = pick.overUnder ?? pick.selection
      const word = side.charAt(0).toUpperCase() + side.slice(1)
      return pick.line === null ? word : `${word} ${pick.line}`
    }
    case 'player_prop': {
      const market = pick.stat ? (marketLabels[pick.stat] ?? pick.stat) : 'prop'
      const side = pick.overUnder ? ` ${pick.overUnder}` : ''
      const line = pick.line === null ? '' : ` ${pick.line}`
      return `${pick.player ?? pick.selection}${side}${line} ${market}`
    }
  }
}

export function matchup(pick: Pick<AlertPick, 'homeTeam' | 'awayTeam'>): string {
  return `${pick.awayTeam} @ ${pick.homeTeam}`
}

/** One line for logs: "Celtics -3.5 (-110) · Lakers @ Celtics". */
export function pickSummary(pick: AlertPick): string {
  return `${selectionText(pick)} (${formatOdds(pick.odds)}) · ${matchup(pick)}`
}

/** The unsubscribe token: who, which creator, signed. Opaque to the reader, checked in constant time. */
export function unsubscribeToken(secret: string, userId: string, creatorId: string): string {
  const payload = Buffer.from(`${userId}.${creatorId}`).toString('base64url')
  return `${payload}.${signature(secret, payload)}`
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; creatorId: string } | null {
  const [payload, given] = token.split('.')
  if (!payload || !given) return null
  const expected = Buffer.from(signature(secret, payload))
  const actual = Buffer.from(given)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null
  const [userId, creatorId] = Buffer.from(payload, 'base64url').toString('utf8').split('.')
  return userId && creatorId ? { userId, creatorId } : null
}

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url')
}

/** Text for HTML: the five characters that could open markup or an attribute, escaped. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

export interface PickEmailInput {
  pick: AlertPick
  creator: AlertCreator
  recipient: { id: string; email: string; name: string }
  deliveryId: string
  links: AlertLinks
  /** A creator's test e-mail: marked as such, with no unsubscribe link. */
  test?: boolean
}

export function unsubscribeUrl(links: AlertLinks, userId: string, creatorId: string): string {
  return `${links.publicUrl}/api/email/unsubscribe?token=${unsubscribeToken(links.secret, userId, creatorId)}`
}

export function pickEmail({ pick, creator, recipient, deliveryId, links, test = false }: PickEmailInput): EmailMessage {
  const host = new URL(links.publicUrl).hostname || 'picks.local'
  const unsubscribe = unsubscribeUrl(links, recipient.id, creator.id)
  const feedUrl = `${links.publicUrl}/my-picks`
  const alertsUrl = `${links.publicUrl}/alerts`
  const betLabel =
    pick.betType === 'player_prop' ? 'Player prop' : (marketLabels[marketKey(pick.betType)] ?? pick.betType)
  const when = gameTime.format(pick.gameDate)
  const price = `${formatOdds(pick.odds)}${pick.bookmaker ? ` (${pick.bookmaker})` : ''}`
  const stake = `${pick.stakeUnits} unit${pick.stakeUnits === 1 ? '' : 's'}`
  const subject = `${test ? '[Test] ' : ''}${creator.name}: ${selectionText(pick)} ${formatOdds(pick.odds)} · ${matchup(pick)}`
  const intro = test
    ? 'This is a test of your pick e-mail: your subscribers see their picks like this.'
    : `New ${pick.isPremium ? 'premium ' : ''}pick from ${creator.name} (@${creator.username}).`
  const footer = test
    ? 'Sent because you asked for a test e-mail.'
    : `You get this because you follow ${creator.name} on Picks Marketplace.`
  const legal = 'For entertainment and information only. 18+. Please bet responsibly.'

  const text = [
    intro,
    '',
    `${sportLabel(pick.sport)} · ${matchup(pick)} · ${when}`,
    `${betLabel}: ${selectionText(pick)} at ${price}`,
    `Stake: ${stake}`,
    '',
    `Why: ${pick.reasoning}`,
    '',
    `See it on Picks Marketplace: ${feedUrl}`,
    '',
    footer,
    ...(test ? [] : [`Stop e-mails from ${creator.name}: ${unsubscribe}`]),
    `Manage all alerts: ${alertsUrl}`,
    legal,
  ].join('\n')

  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 12px 4px 0;color:#64748b">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(selectionText(pick))} <span style="color:#059669">${escapeHtml(formatOdds(pick.odds))}</span></h1>
<p style="margin:0 0 16px;color:#475569">${escapeHtml(`${sportLabel(pick.sport)} · ${matchup(pick)} · ${when}`)}</p>
<table style="border-collapse:collapse;margin:0 0 16px">${row('Bet', betLabel)}${row('Price', price)}${row('Stake', stake)}</table>
<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(pick.reasoning)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(feedUrl)}" style="display:inline-block;background:#059669;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">See it on Picks Marketplace</a></p>
<p style="margin:0;font-size:12px;color:#64748b">${escapeHtml(footer)}${
    test ? '' : ` <a href="${escapeHtml(unsubscribe)}">Stop e-mails from ${escapeHtml(creator.name)}</a> ·`
  } <a href="${escapeHtml(alertsUrl)}">Manage all alerts</a></p>
<p style="margin:8px 0 0;font-size:12px;color:#64748b">${escapeHtml(legal)}</p>
</div></body></html>`

  return {
    to: recipient.email,
    subject,
    text,
    html,
    kind: test ? 'pick_test' : 'pick',
    headers: {
      'Message-ID': `<${deliveryId}@${host}>`,
      ...(test
        ? {}
        : {
            'List-Unsubscribe': `<${unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }),
    },
  }
}

function marketKey(betType: AlertPick['betType']): string {
  return betType === 'moneyline' ? 'h2h' : betType === 'spread' ? 'spreads' : 'totals'
}

export interface PickTextInput {
  pick: AlertPick
  creator: AlertCreator
  links: AlertLinks
  /** The number's first pick text carries the opt-out line (carrier rules). */
  first: boolean
}

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

/**
 * "Sharp Sam: Celtics -3.5 (-110), Lakers @ Celtics, Nov 24 7:30 PM UTC. <link>" and, the first
 * time, the opt-out line. Team names are shortened if the text would take more than two segments.
 */
export function pickText({ pick, creator, links, first }: PickTextInput): { body: string; segments: number } {
  const link = `${links.publicUrl}/my-picks`
  const footer = first ? ` ${notificationMessages.smsOptOutFooter}` : ''
  const compose = (name: string, game: string) =>
    `${name}: ${selectionText(pick)} (${formatOdds(pick.odds)}), ${game}, ${shortDay.format(pick.gameDate)}. ${link}${footer}`
  let body = compose(creator.name, matchup(pick))
  const fits = (text: string) => smsSegments(text).segments <= 2
  if (!fits(body)) body = compose(creator.name.slice(0, 24), matchup(pick).slice(0, 40))
  if (!fits(body)) body = `${creator.name.slice(0, 24)}: new pick. ${link}${footer}`
  return { body, segments: smsSegments(body).segments }
}

export function helpText(publicUrl: string): string {
  return `Picks Marketplace: pick alerts from creators you follow. Msg & data rates may apply. Reply STOP to opt out. Help: ${publicUrl}/support`
}
