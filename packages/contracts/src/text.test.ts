import { describe, expect, it } from 'vitest'
import { EmailAddress } from './auth.ts'
import { NewClientBody } from './clients.ts'
import { CreatorLookupQuery, CreatorsPageQuery } from './creators.ts'
import { PickDetails } from './picks.ts'
import { isSafeText, text, unsafeTextMessage } from './text.ts'

describe('client text', () => {
  it('refuses NUL and a surrogate without its partner, anywhere in the string', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\uD800', 'x\uD83D', '\uDE00y', 'a\uDE00\uD83Db']) {
      expect(isSafeText(bad), JSON.stringify(bad)).toBe(false)
    }
  })

  it('accepts any other text, emoji (a surrogate pair) and accents included', () => {
    for (const good of ['', 'plain', 'Zoë 😀 — 中文', '\uD83D\uDE00', 'tab\tand\nnewline']) {
      expect(isSafeText(good), JSON.stringify(good)).toBe(true)
    }
  })

  it('stays a string schema: trim, min and max chain after it', () => {
    const Name = text().trim().min(1).max(5)
    expect(Name.parse('  Lee  ')).toBe('Lee')
    expect(Name.safeParse('toolong').success).toBe(false)
    expect(Name.safeParse(' L\u0000 ').error?.issues.map((i) => i.message)).toEqual([unsafeTextMessage])
  })

  it('keeps its own message for a missing value', () => {
    expect(text('Name is required').safeParse(undefined).error?.issues[0]?.message).toBe('Name is required')
  })

  it('guards the contracts’ text fields and query parameters, naming the field', () => {
    const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
    expect(issues(CreatorsPageQuery.safeParse({ search: '\u0000' }))).toEqual([`search: ${unsafeTextMessage}`])
    expect(issues(CreatorLookupQuery.safeParse({ ref: 'abc\u0000' }))).toEqual([`ref: ${unsafeTextMessage}`])
    expect(issues(NewClientBody.safeParse({ name: 'Lee\uD800', email: 'lee@example.com' }))).toEqual([
      `name: ${unsafeTextMessage}`,
    ])
    expect(EmailAddress.safeParse('lee\u0000@example.com').success).toBe(false)
    // pick_details is JSON text: a `\u0000` escape inside it becomes a NUL only once parsed.
    const details = JSON.parse(
      '{"sport":"nba","game_date":"2030-01-01T00:00:00Z","home_team":"A","away_team":"B","bet_type":"moneyline","pick":"A","odds":-110,"reasoning":"Because of reasons \\u0000 here"}',
    ) as unknown
    expect(issues(PickDetails.safeParse(details))).toEqual([`reasoning: ${unsafeTextMessage}`])
  })
})
