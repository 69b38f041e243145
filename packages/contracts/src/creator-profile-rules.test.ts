import { describe, expect, it } from 'vitest'
import { isCountryCode, isReservedUsername, socialLinkProblem, usernameProblem } from './creator-profile-rules.ts'
import { planShapeProblems } from './plan-rules.ts'
import { CreatePlanBody, UpdatePlanBody } from './plans.ts'
import { CreatorProfileUpdateBody, RegisterCreatorBody } from './creators.ts'

describe('usernames', () => {
  it('are 3 to 30 letters, digits or underscores, trimmed, and never a reserved word in any case', () => {
    expect(usernameProblem('  Sharp_Sam_99 ')).toBeNull()
    expect(usernameProblem('ab')).toBe('Usernames are 3 to 30 letters, digits or underscores')
    expect(usernameProblem('shop-picks')).toBe('Usernames are 3 to 30 letters, digits or underscores')
    expect(usernameProblem('ADMIN')).toBe('That username is reserved')
    expect(isReservedUsername(' Locker-Room ')).toBe(true)
    expect(isReservedUsername('adminx')).toBe(false)
  })
})

describe('social links', () => {
  it('are https addresses on the network’s own hosts, without credentials', () => {
    expect(socialLinkProblem('twitter', 'https://mobile.twitter.com/sam')).toBeNull()
    expect(socialLinkProblem('twitter', 'https://x.com.evil.example/sam')).toContain('X (Twitter)')
    expect(socialLinkProblem('twitter', 'https://notx.com/sam')).toContain('X (Twitter)')
    expect(socialLinkProblem('website', 'https://sam.example')).toBeNull()
    expect(socialLinkProblem('website', 'ftp://sam.example')).toBe('Use an address starting with https://')
    expect(socialLinkProblem('website', 'https://a:b@sam.example')).toBe('Links cannot carry a user name or password')
  })
})

describe('countries', () => {
  it('are ISO 3166-1 alpha-2 codes', () => {
    expect(isCountryCode('US')).toBe(true)
    expect(isCountryCode('GB')).toBe(true)
    expect(isCountryCode('UK')).toBe(false)
    expect(isCountryCode('us')).toBe(false)
  })
})

describe('the registration body', () => {
  it('fills defaults, upper-cases the country and keeps only the links given', () => {
    expect(
      RegisterCreatorBody.parse({
        username: ' sam ',
        specialtySport: 'nba',
        otherSports: ['nfl', 'nfl'],
        socialLinks: { website: ' https://sam.example ' },
        country: 'de',
      }),
    ).toEqual({
      username: 'sam',
      bio: '',
      profilePicture: null,
      specialtySport: 'nba',
      otherSports: ['nfl'],
      socialLinks: { website: 'https://sam.example' },
      country: 'DE',
    })
  })

  it('names the field of each problem', () => {
    const result = RegisterCreatorBody.safeParse({
      username: 'api',
      specialtySport: 'nba',
      otherSports: ['nba'],
      socialLinks: { instagram: 'https://x.com/sam' },
    })
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'otherSports',
      'socialLinks.instagram',
      'username',
    ])
  })

  it('refuses other sports that repeat the specialty, in an update too', () => {
    expect(
      RegisterCreatorBody.safeParse({ username: 'sam', specialtySport: 'nba', otherSports: ['nba'] }).success,
    ).toBe(false)
    const update = CreatorProfileUpdateBody.safeParse({ specialtySport: 'mlb', otherSports: ['mlb'] })
    expect(update.error?.issues.map((i) => i.path.join('.'))).toEqual(['otherSports'])
    expect(CreatorProfileUpdateBody.parse({ country: null })).toEqual({ country: null })
  })
})

describe('plans', () => {
  it('fit their kind: subscriptions renew, passes give days of access and no trial', () => {
    expect(planShapeProblems({ kind: 'subscription', interval: 'month', access_days: null, trial_days: 7 })).toEqual({})
    expect(planShapeProblems({ kind: 'one_time', interval: null, access_days: 1, trial_days: 0 })).toEqual({})
    expect(
      Object.keys(planShapeProblems({ kind: 'one_time', interval: 'week', access_days: null, trial_days: 3 })),
    ).toEqual(['interval', 'access_days', 'trial_days'])
  })

  it('default to active with no trial, and a partial update keeps to the same field rules', () => {
    expect(CreatePlanBody.parse({ name: 'Day', kind: 'one_time', access_days: 1, price_cents: 999 })).toEqual({
      name: 'Day',
      kind: 'one_time',
      interval: null,
      access_days: 1,
      price_cents: 999,
      trial_days: 0,
      active: true,
    })
    expect(UpdatePlanBody.safeParse({ price_cents: 99 }).success).toBe(false)
    expect(UpdatePlanBody.parse({ active: false })).toEqual({ active: false })
  })
})
