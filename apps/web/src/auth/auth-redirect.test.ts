import { describe, expect, it } from 'vitest'
import { authRedirectFor, returnPathAfterSignIn } from './auth-redirect.ts'

describe('auth redirect', () => {
  it('sends a guarded visitor to /auth with the origin in the query and in location state', () => {
    expect(authRedirectFor({ pathname: '/alerts', search: '?tab=sms', hash: '' })).toEqual({
      to: '/auth?redirect=%2Falerts%3Ftab%3Dsms',
      state: { from: '/alerts?tab=sms' },
    })
  })

  it('returns to the remembered page after sign-in, preferring location state', () => {
    expect(returnPathAfterSignIn({ state: { from: '/dashboard' }, search: '?redirect=%2Falerts' })).toBe('/dashboard')
    expect(returnPathAfterSignIn({ state: null, search: '?redirect=%2Falerts' })).toBe('/alerts')
  })

  it('falls back to the shop and never leaves the site', () => {
    expect(returnPathAfterSignIn({ state: null, search: '' })).toBe('/shop-picks')
    expect(returnPathAfterSignIn({ state: { from: 'https://evil.example' }, search: '?redirect=//evil.example' })).toBe(
      '/shop-picks',
    )
    expect(returnPathAfterSignIn({ state: null, search: '?redirect=%2F%5Cevil.example' })).toBe('/shop-picks')
  })
})
