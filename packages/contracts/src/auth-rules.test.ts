import { describe, expect, it } from 'vitest'
import {
  avatarProblem,
  blockDurationMs,
  blockedMessage,
  isEmojiAvatar,
  isPlausibleEmail,
  normalizeEmail,
  passwordProblem,
  passwordStrength,
} from './auth-rules.ts'

describe('sign-up password rules', () => {
  it.each([
    ['Ab1!', 'Password must be at least 8 characters long'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character (!@#$%^&*...)'],
  ])('rejects %s with its message', (password, message) => {
    expect(passwordProblem(password)).toBe(message)
  })

  it('accepts a password that meets every rule', () => {
    expect(passwordProblem('Abcdefg1!')).toBeNull()
  })
})

describe('the password strength meter', () => {
  it.each([
    ['Ab1!', 'weak'], // under 8 characters, whatever it holds
    ['abcdefgh', 'weak'], // lowercase only: 1 point
    ['abcdefgh12', 'weak'], // lowercase and digit: 2 points
    ['Abcdefgh12', 'medium'], // 3 points
    ['Abcdefgh12!', 'medium'], // 4 points
    ['abcdefghijk12!', 'medium'], // lowercase, digit, special, 12+: 4 points
    ['Abcdefghij12!', 'strong'], // all 5
  ] as const)('rates %s as %s', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength)
  })
})

describe('the failed-login schedule', () => {
  it('blocks 15 minutes from 5 failures and an hour from 10', () => {
    expect(blockDurationMs(4)).toBe(0)
    expect(blockDurationMs(5)).toBe(15 * 60 * 1000)
    expect(blockDurationMs(9)).toBe(15 * 60 * 1000)
    expect(blockDurationMs(10)).toBe(60 * 60 * 1000)
  })

  it('says how long to wait in seconds, minutes or hours, rounded up', () => {
    expect(blockedMessage(1_000)).toBe('Too many attempts. Please try again in 1 second.')
    expect(blockedMessage(42_300)).toBe('Too many attempts. Please try again in 43 seconds.')
    expect(blockedMessage(15 * 60 * 1000)).toBe('Too many attempts. Please try again in 15 minutes.')
    expect(blockedMessage(61_000)).toBe('Too many attempts. Please try again in 2 minutes.')
    expect(blockedMessage(60 * 60 * 1000)).toBe('Too many attempts. Please try again in 1 hour.')
    expect(blockedMessage(0)).toBe('Too many attempts. Please try again in 1 second.')
  })
})

describe('e-mail handling', () => {
  it('trims and lowercases', () => {
    expect(normalizeEmail('  Dana@Example.COM ')).toBe('dana@example.com')
  })
  it('lets the reset form through only with an @', () => {
    expect(isPlausibleEmail('dana.example.com')).toBe(false)
    expect(isPlausibleEmail('dana@example.com')).toBe(true)
  })
})

describe('avatars', () => {
  it('takes one emoji, including flags, skin tones and joined sequences', () => {
    for (const emoji of ['🏀', '🦅', '👍🏽', '🇺🇸', '👨‍👩‍👧', '⚽️']) expect(isEmojiAvatar(emoji), emoji).toBe(true)
  })

  it('refuses text, two emoji, and emoji inside text', () => {
    for (const value of ['', 'A', 'ab', '🏀🏈', 'go 🏀', '1']) expect(isEmojiAvatar(value), value).toBe(false)
  })

  it('takes https images and loopback http, and explains anything else', () => {
    expect(avatarProblem('https://cdn.example.com/sam.png')).toBeNull()
    expect(avatarProblem('http://localhost:3000/media/a.png')).toBeNull()
    expect(avatarProblem('/media/avatars/3f2a9c1d0e.webp')).toBeNull()
    expect(avatarProblem('/media/../etc/passwd')).not.toBeNull()
    const message = 'Use one emoji or an image address starting with https://'
    for (const value of [
      'http://cdn.example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'sam.png',
    ]) {
      expect(avatarProblem(value), value).toBe(message)
    }
  })
})
