import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
})

describe('support page', () => {
  it('tells people how to reach support by e-mail', () => {
    renderWithProviders(<Support />)
    screen.getByRole('heading', { level: 1, name: 'Support' })
    expect(screen.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    )
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
