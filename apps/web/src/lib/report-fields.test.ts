import { clientReportLimits } from '@picks/contracts/client'
import { describe, expect, it } from 'vitest'
import { clip, reportContext, userIdOrNull } from './report-fields.ts'

describe('report fields', () => {
  it('turns NUL and half a surrogate pair into U+FFFD, which the server accepts', () => {
    expect(clip('a\u0000b\uD83Dc\uDE00d 😀', 100)).toBe('a\uFFFDb\uFFFDc\uFFFDd 😀')
  })

  it('cuts text to its limit without splitting a pair', () => {
    expect(clip('abc😀', 4)).toBe('abc')
    expect(clip('abc😀', 5)).toBe('abc😀')
  })

  it('puts release and environment first, and keeps the context within the server limits', () => {
    const extra = Object.fromEntries(Array.from({ length: 30 }, (_, n) => [`key${n}`, 'v'.repeat(600)]))

    const context = reportContext({ ...extra, skipped: undefined, infinite: Number.POSITIVE_INFINITY })

    expect(context).toMatchObject({ release: '1.0.0', environment: import.meta.env.MODE })
    expect(Object.keys(context)).toHaveLength(clientReportLimits.contextMaxKeys)
    expect(context.key0).toHaveLength(clientReportLimits.contextValueMaxLength)
    expect(reportContext({ skipped: undefined, infinite: Number.POSITIVE_INFINITY, ok: 1 })).toEqual({
      release: '1.0.0',
      environment: import.meta.env.MODE,
      ok: 1,
    })
  })

  it('sends a user id only when it is one', () => {
    expect(userIdOrNull('0b6f4c8e-2d1a-4f3b-9c7e-5a8d2e1f0c93')).toBe('0b6f4c8e-2d1a-4f3b-9c7e-5a8d2e1f0c93')
    expect(userIdOrNull('local-1')).toBeNull()
    expect(userIdOrNull(null)).toBeNull()
  })
})
