import { describe, expect, it } from 'vitest'
import { errorFingerprint, normalisedMessage, topFrame } from './error-fingerprint.ts'

describe('topFrame', () => {
  it("reads V8's first frame, without the origin or query of its file", () => {
    const stack = [
      "TypeError: Cannot read properties of null (reading 'id')",
      '    at PickCard (https://picks.example/assets/pick-card-3f9a1c.js?v=2:12:345)',
      '    at renderWithHooks (https://picks.example/assets/vendor.js:1:2000)',
    ].join('\n')
    expect(topFrame(stack)).toBe('/assets/pick-card-3f9a1c.js:12:345')
  })

  it('reads a V8 frame without a function name, and an async one', () => {
    expect(topFrame('Error: x\n    at https://picks.example/assets/index.js:3:9')).toBe('/assets/index.js:3:9')
    expect(topFrame('Error: x\n    at async loadPicks (https://picks.example/assets/a.js:7:1)')).toBe(
      '/assets/a.js:7:1',
    )
  })

  it("reads Firefox's and Safari's `name@file:line:column`", () => {
    const firefox = 'PickCard@https://picks.example/assets/pick-card.js:12:345\nrender@https://picks.example/v.js:1:1'
    expect(topFrame(firefox)).toBe('/assets/pick-card.js:12:345')
    expect(topFrame('@https://picks.example/assets/index.js:1:99')).toBe('/assets/index.js:1:99')
  })

  it('skips lines that are not frames, and is null for a stack without any', () => {
    expect(topFrame('Error: x\n    at Array.map (<anonymous>)\n    at f (https://a.example/b.js:1:2)')).toBe(
      '/b.js:1:2',
    )
    expect(topFrame('Error: nothing here')).toBeNull()
    expect(topFrame(null)).toBeNull()
  })
})

describe('normalisedMessage', () => {
  it('replaces ids, hex runs and numbers, and collapses spaces', () => {
    expect(normalisedMessage('Pick 0f8c1a52-4b7e-4f0e-9a57-3c2b1d0e9f11 not found')).toBe('Pick # not found')
    expect(normalisedMessage('Request failed after 10012 ms (attempt 2.5)')).toBe(
      'Request failed after # ms (attempt #)',
    )
    expect(normalisedMessage('chunk 3fa9c81d   failed')).toBe('chunk # failed')
    // Words are words, even made of hex letters.
    expect(normalisedMessage('deadbeef is not a function')).toBe('deadbeef is not a function')
  })
})

describe('errorFingerprint', () => {
  const at = (place: string) => `Error: x\n    at f (https://picks.example/assets/${place})`

  it('is one SHA-256 for one message shape thrown at one place', () => {
    const a = errorFingerprint('Timeout after 10012 ms', at('a.js:1:2'))
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(errorFingerprint('Timeout after 3 ms', at('a.js:1:2'))).toBe(a)
    expect(errorFingerprint('Timeout after 3 ms', at('a.js:1:3'))).not.toBe(a)
    expect(errorFingerprint('Timed out after 3 ms', at('a.js:1:2'))).not.toBe(a)
  })
})
