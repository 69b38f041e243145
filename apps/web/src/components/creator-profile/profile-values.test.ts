import { describe, expect, it } from 'vitest'
import { aProfile } from '../../test/fake-creator-api.ts'
import {
  emptyProfileValues,
  problemsFromServer,
  profileBody,
  profileProblems,
  socialLinkProblem,
  usernameProblem,
  valuesFromProfile,
} from './profile-values.ts'

describe('username rules', () => {
  it.each([
    ['', 'Choose a username'],
    ['ab', 'Usernames are 3 to 30 letters, digits or underscores'],
    ['a'.repeat(31), 'Usernames are 3 to 30 letters, digits or underscores'],
    ['sharp-lines', 'Usernames are 3 to 30 letters, digits or underscores'],
    ['ADMIN', 'That username is reserved'],
    ['dashboard', 'That username is reserved'],
    ['Marketplace', 'That username is reserved'],
    ['api', 'That username is reserved'],
  ])('%j: %s', (username, message) => {
    expect(usernameProblem(username)).toBe(message)
  })

  it('accepts letters, digits and underscores, trimmed', () => {
    expect(usernameProblem(' Sharp_Lines_2026 ')).toBeNull()
  })
})

describe('social links', () => {
  it('takes https addresses on the network’s own hosts', () => {
    expect(socialLinkProblem('twitter', 'https://x.com/casey')).toBeNull()
    expect(socialLinkProblem('twitter', 'https://mobile.twitter.com/casey')).toBeNull()
    expect(socialLinkProblem('youtube', 'https://youtu.be/abc')).toBeNull()
    expect(socialLinkProblem('website', 'https://casey.example/picks')).toBeNull()
    expect(socialLinkProblem('website', '')).toBeNull()
  })

  it('refuses other schemes, lookalike hosts and overlong links', () => {
    expect(socialLinkProblem('website', 'http://casey.example')).toBe('Use an address starting with https://')
    expect(socialLinkProblem('website', 'javascript:alert(1)')).toBe('Use an address starting with https://')
    expect(socialLinkProblem('twitter', 'https://notx.com/casey')).toBe(
      'Use a X (Twitter) address (x.com or twitter.com)',
    )
    expect(socialLinkProblem('instagram', 'https://instagram.com.evil.example/a')).toBe(
      'Use a Instagram address (instagram.com)',
    )
    expect(socialLinkProblem('website', `https://casey.example/${'a'.repeat(300)}`)).toBe(
      'Links must be at most 300 characters',
    )
  })
})

describe('profile fields', () => {
  it('needs a specialty sport, a bio of at most 500 characters, a usable picture and a listed country', () => {
    expect(
      profileProblems({ ...emptyProfileValues, bio: 'x'.repeat(501), picture: 'not a picture', country: 'XX' }),
    ).toEqual({
      bio: 'Bio must be at most 500 characters',
      profilePicture: 'Use one emoji or an image address starting with https://',
      specialtySport: 'Choose your specialty sport',
      country: 'Choose a country from the list',
    })
  })

  it('builds the request body: trimmed text, only filled links, no picture as null', () => {
    const body = profileBody({
      ...emptyProfileValues,
      bio: '  Totals.  ',
      specialtySport: 'nba',
      otherSports: ['nba', 'wnba'],
      socialLinks: { ...emptyProfileValues.socialLinks, twitter: ' https://x.com/casey ' },
    })
    expect(body).toEqual({
      bio: 'Totals.',
      profilePicture: null,
      specialtySport: 'nba',
      otherSports: ['wnba'],
      socialLinks: { twitter: 'https://x.com/casey' },
      country: undefined,
    })
  })

  it('starts the edit form from a stored profile', () => {
    const values = valuesFromProfile(aProfile())
    expect(values).toMatchObject({ picture: '🏀', specialtySport: 'nba', otherSports: ['wnba'], country: 'US' })
    expect(values.socialLinks).toMatchObject({ twitter: 'https://x.com/caseylines', website: '' })
    expect(profileProblems(values)).toEqual({})
  })

  it('places server field problems on the fields they name', () => {
    expect(
      problemsFromServer([
        { field: 'body.username', message: 'That username is reserved' },
        { field: 'body.socialLinks.tiktok', message: 'Not a TikTok address' },
        { field: 'body.otherSports.3', message: 'Unknown sport' },
        { field: 'body.somethingElse', message: 'Ignored' },
      ]),
    ).toEqual({
      username: 'That username is reserved',
      'socialLinks.tiktok': 'Not a TikTok address',
      otherSports: 'Unknown sport',
    })
  })
})
