import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { aProfile, apiError, creatorUserId, serveCreatorApi } from '../../../test/fake-creator-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { ShareLinkCard } from './share-link-card.tsx'

const link = 'http://localhost:3000/CaseyLines?ref=k3Yc9QaZ'

function renderCard() {
  return renderWithProviders(<ShareLinkCard creatorId={creatorUserId} />)
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('share link card', () => {
  it('shows the link and the visits it brought', async () => {
    serveCreatorApi({
      profiles: [aProfile()],
      shareLink: { url: link, code: 'k3Yc9QaZ', visits: { total: 1234, last30Days: 56 } },
    })
    renderCard()

    expect(((await screen.findByLabelText('Share link')) as HTMLInputElement).value).toBe(link)
    const visits = screen.getByText('Visits, all time').parentElement as HTMLElement
    within(visits).getByText('1,234')
    screen.getByText('56')
  })

  it('copies the link', async () => {
    serveCreatorApi({ profiles: [aProfile()] })
    const { user } = renderCard()

    await user.click(await screen.findByRole('button', { name: 'Copy link' }))
    await screen.findByText('Link copied.')
    expect(await navigator.clipboard.readText()).toBe(link)
  })

  it('selects the link to copy by hand when the clipboard is refused', async () => {
    serveCreatorApi({ profiles: [aProfile()] })
    const { user } = renderCard()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'))

    await user.click(await screen.findByRole('button', { name: 'Copy link' }))
    await screen.findByText(/Copying is blocked here/)
    const input = screen.getByLabelText('Share link') as HTMLInputElement
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, link.length])
  })

  it('says "Failed to get share link" and offers to try again', async () => {
    let failing = true
    serveCreatorApi({ profiles: [aProfile()] }, (call) =>
      failing && call.path.endsWith('/share-link') ? apiError(403, 'FORBIDDEN', 'Not yours') : undefined,
    )
    const { user } = renderCard()

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to get share link')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(((await screen.findByLabelText('Share link')) as HTMLInputElement).value).toBe(link)
  })
})
