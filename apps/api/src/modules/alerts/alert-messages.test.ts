import { smsSegments } from '@picks/contracts/client'
import { describe, expect, it } from 'vitest'
import {
  pickEmail,
  pickSummary,
  pickText,
  readUnsubscribeToken,
  unsubscribeToken,
  type AlertPick,
} from './alert-messages.ts'

const pick: AlertPick = {
  id: '0b9c6f52-8a55-4d3c-9d1e-111111111111',
  sport: 'nba',
  homeTeam: 'Boston Celtics',
  awayTeam: 'New York Knicks',
  gameDate: new Date('2026-11-25T00:30:00Z'),
  betType: 'spread',
  selection: 'Boston Celtics',
  odds: -110,
  line: -5.5,
  bookmaker: 'DraftKings',
  player: null,
  stat: null,
  overUnder: null,
  reasoning: 'Rest edge <and> a bad matchup for their bigs.',
  isPremium: true,
  stakeUnits: 1,
}
const creator = { id: '2f5d1c1e-7b8e-4c1a-9a43-222222222222', name: 'Sharp Sam', username: 'sharpsam' }
const links = { publicUrl: 'https://picks.example', secret: 'a-secret-long-enough-for-the-test-suite' }
const recipient = { id: '6a1f7d3b-1c2e-4f5a-8b9c-333333333333', email: 'dana@example.com', name: 'Dana' }

describe('the unsubscribe token', () => {
  it('names the person and the creator, and only our secret makes one', () => {
    const token = unsubscribeToken(links.secret, recipient.id, creator.id)
    expect(readUnsubscribeToken(links.secret, token)).toEqual({ userId: recipient.id, creatorId: creator.id })
    expect(readUnsubscribeToken('another-secret-of-the-same-kind-here', token)).toBeNull()
    // Someone else's id under our signature: the signature no longer fits.
    const forged = `${Buffer.from(`${recipient.id}.${pick.id}`).toString('base64url')}.${token.split('.')[1]}`
    expect(readUnsubscribeToken(links.secret, forged)).toBeNull()
    expect(readUnsubscribeToken(links.secret, 'garbage')).toBeNull()
  })
})

describe('the pick e-mail', () => {
  const mail = pickEmail({ pick, creator, recipient, deliveryId: 'd-1', links })

  it('says the whole pick in text and HTML, with the HTML escaped', () => {
    expect(mail.to).toBe('dana@example.com')
    expect(mail.subject).toBe('Sharp Sam: Boston Celtics -5.5 -110 · New York Knicks @ Boston Celtics')
    expect(mail.text).toContain('Spread: Boston Celtics -5.5 at -110 (DraftKings)')
    expect(mail.text).toContain('Why: Rest edge <and> a bad matchup for their bigs.')
    expect(mail.text).toContain('https://picks.example/my-picks')
    expect(mail.html).toContain('Rest edge &lt;and&gt; a bad matchup')
    expect(mail.html).not.toContain('<and>')
  })

  it('carries a one-click unsubscribe link and a Message-ID that stays the same on every try', () => {
    const token = unsubscribeToken(links.secret, recipient.id, creator.id)
    const url = `https://picks.example/api/email/unsubscribe?token=${token}`
    expect(mail.headers).toEqual({
      'Message-ID': '<d-1@picks.example>',
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
    expect(mail.text).toContain(url)
    expect(pickEmail({ pick, creator, recipient, deliveryId: 'd-1', links }).headers).toEqual(mail.headers)
  })

  it('marks a creator’s test e-mail and leaves out the unsubscribe link', () => {
    const test = pickEmail({ pick, creator, recipient, deliveryId: 'd-2', links, test: true })
    expect(test.subject.startsWith('[Test] ')).toBe(true)
    expect(test.headers).toEqual({ 'Message-ID': '<d-2@picks.example>' })
    expect(test.text).not.toContain('unsubscribe')
  })
})

describe('the pick text', () => {
  it('has the essentials and a link, and the opt-out line only the first time', () => {
    const first = pickText({ pick, creator, links, first: true })
    expect(first.body).toMatch(/^Sharp Sam: Boston Celtics -5\.5 \(-110\), New York Knicks @ Boston Celtics, /)
    expect(first.body).toContain('https://picks.example/my-picks')
    expect(first.body.endsWith('Reply STOP to opt out, HELP for help.')).toBe(true)
    expect(first.segments).toBe(smsSegments(first.body).segments)
    const later = pickText({ pick, creator, links, first: false })
    expect(later.body).not.toContain('STOP')
    expect(later.body).not.toContain(pick.reasoning)
  })

  it('stays within two segments whatever the names', () => {
    const long = { ...pick, homeTeam: 'H'.repeat(120), awayTeam: 'A'.repeat(120), selection: 'H'.repeat(120) }
    const text = pickText({ pick: long, creator: { ...creator, name: 'N'.repeat(60) }, links, first: true })
    expect(text.segments).toBeLessThanOrEqual(2)
    expect(text.body).toContain('https://picks.example/my-picks')
  })

  it('reads each bet type the way bettors write it', () => {
    expect(pickSummary({ ...pick, betType: 'moneyline', line: null, odds: 135 })).toBe(
      'Boston Celtics ML (+135) · New York Knicks @ Boston Celtics',
    )
    expect(pickSummary({ ...pick, betType: 'total', selection: 'over', overUnder: 'over', line: 221.5 })).toBe(
      'Over 221.5 (-110) · New York Knicks @ Boston Celtics',
    )
    expect(
      pickSummary({
        ...pick,
        betType: 'player_prop',
        player: 'Jayson Tatum',
        stat: 'player_points',
        overUnder: 'over',
        line: 27.5,
      }),
    ).toBe('Jayson Tatum over 27.5 Points (-110) · New York Knicks @ Boston Celtics')
  })
})
