import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsTo, stubFetch, type FakeCall } from '../../test/fake-fetch.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as CreatorTerms } from './creator-terms-page.tsx'
import { Component as PrivacyPolicy } from './privacy-policy-page.tsx'
import { Component as Support } from './support-page.tsx'
import { Component as TermsOfService } from './terms-of-service-page.tsx'

const documents = [
  ['Terms of Service', TermsOfService],
  ['Privacy Policy', PrivacyPolicy],
  ['Creator Terms', CreatorTerms],
] as const

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The server's `/api/config`, with the support address of its SUPPORT_EMAIL. */
const siteConfig = {
  auth: { google: false, emailDelivery: 'outbox' },
  payments: { provider: 'sandbox', publishable_key: null },
  odds: { provider: 'fixtures' },
  support: { email: 'help@picks.test' },
}

let calls: FakeCall[] = []
beforeEach(() => {
  calls = []
  stubFetch(calls, (call) =>
    call.path === '/api/config' ? json(siteConfig) : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

function pageText(): string {
  return (document.body.textContent ?? '').replace(/\s+/g, ' ')
}

describe('legal pages', () => {
  it.each(documents)('%s is dated December 15, 2024 and states the key terms', (title, Page) => {
    renderWithProviders(<Page />)

    screen.getByRole('heading', { level: 1, name: title })
    const text = pageText()
    expect(text).toContain('December 15, 2024')
    expect(text).toMatch(/entertainment and information only/i)
    expect(text).toMatch(/18 or older/)
    expect(text).toMatch(/taken in advance and are non-refundable, except as required by law/)
    expect(text).toMatch(
      /cancel a subscription at any time; your access continues until the end of the billing period/i,
    )
  })

  it('the Terms of Service explain cancelling and refunds in their own sections', () => {
    renderWithProviders(<TermsOfService />)
    screen.getByRole('heading', { name: /Cancelling/ })
    screen.getByRole('heading', { name: /Refunds/ })
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy')
  })

  it.each(documents)('%s gives the configured support address', async (_title, Page) => {
    renderWithProviders(<Page />)
    const links = await screen.findAllByRole('link', { name: 'help@picks.test' })
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link.getAttribute('href')).toBe('mailto:help@picks.test')
    expect(pageText()).not.toContain('our support team')
  })
})

describe('support page', () => {
  it('tells people how to reach support at the address the server is configured with', async () => {
    renderWithProviders(<Support />)
    screen.getByRole('heading', { level: 1, name: 'Support' })
    const link = await screen.findByRole('link', { name: 'help@picks.test' })
    expect(link.getAttribute('href')).toBe('mailto:help@picks.test')
    expect(callsTo(calls, 'GET', '/api/config')).toHaveLength(1)
    expect(pageText()).not.toContain('example.com')
  })

  it('names the support team, and no made-up address, until the server has said which address', async () => {
    let answer: (response: Response) => void = () => {}
    stubFetch(calls, () => new Promise<Response>((resolve) => (answer = resolve)))
    renderWithProviders(<Support />)
    await vi.waitFor(() => expect(callsTo(calls, 'GET', '/api/config')).toHaveLength(1))
    expect(pageText()).toContain('E-mail our support team with the e-mail address on your account')
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull()
    answer(json(siteConfig))
    expect((await screen.findByRole('link', { name: 'help@picks.test' })).getAttribute('href')).toBe(
      'mailto:help@picks.test',
    )
  })

  it('keeps naming the team when the server gives no usable address', async () => {
    stubFetch(calls, () => json({ ...siteConfig, support: { email: 'not an address' } }))
    const { queryClient } = renderWithProviders(<Support />)
    await vi.waitFor(() => expect(queryClient.getQueryState(['site-config'])?.status).toBe('success'))
    expect(pageText()).toContain('E-mail our support team')
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull()
  })

  it('answers the questions about cancelling, refunds and age', () => {
    renderWithProviders(<Support />)
    screen.getByText('How do I cancel a subscription?')
    screen.getByText('Can I get a refund?')
    screen.getByText('How old do I have to be?')
    const text = pageText()
    expect(text).toMatch(/access continues until the end of the billing period/)
    expect(text).toMatch(/non-refundable, except as required by law/)
    expect(text).toMatch(/18 or older/)
  })

  it('points to the 1-800-GAMBLER helpline under responsible gambling', () => {
    renderWithProviders(<Support />)
    screen.getByRole('heading', { name: 'Responsible gambling' })
    expect(screen.getByRole('link', { name: '1-800-GAMBLER' }).getAttribute('href')).toBe('tel:+18004262537')
  })
})
