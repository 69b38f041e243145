import { describe, expect, it } from 'vitest'
import { smsKeywordOf, smsSegments } from './notification-rules.ts'

describe('SMS segments', () => {
  it.each([
    ['', 'GSM-7', 0, 1],
    ['a'.repeat(160), 'GSM-7', 160, 1],
    ['a'.repeat(161), 'GSM-7', 161, 2],
    ['a'.repeat(306), 'GSM-7', 306, 2],
    ['a'.repeat(307), 'GSM-7', 307, 3],
    // Extension characters take two septets each.
    ['€'.repeat(80), 'GSM-7', 160, 1],
    ['€'.repeat(81), 'GSM-7', 162, 2],
    // One character outside GSM-7 makes the whole text UCS-2: 70 in one segment, 67 per part.
    ['✓' + 'a'.repeat(69), 'UCS-2', 70, 1],
    ['✓' + 'a'.repeat(70), 'UCS-2', 71, 2],
    ['—'.repeat(135), 'UCS-2', 135, 3],
  ])('counts %j as %s, %i units, %i segments', (text, encoding, units, segments) => {
    expect(smsSegments(text)).toEqual({ encoding, units, segments })
  })
})

describe('reply keywords', () => {
  it.each([
    ['STOP', 'stop'],
    ['  unsubscribe ', 'stop'],
    ['Cancel', 'stop'],
    ['START', 'start'],
    ['unstop', 'start'],
    ['help', 'help'],
    ['INFO', 'help'],
    ['stop please', null],
    ['thanks!', null],
  ])('reads %j as %s', (body, keyword) => {
    expect(smsKeywordOf(body)).toBe(keyword)
  })
})
