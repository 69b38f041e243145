import { readStoredUser, recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  aPlan,
  aProfile,
  apiError,
  callsTo,
  creatorUserId,
  customer,
  json,
  serveCreatorApi,
} from '../../../test/fake-creator-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { Component as DashboardPage } from './dashboard-page.tsx'

const registerPath = `/api/users/${creatorUserId}/register-creator`

function signedInAs(role: 'customer' | 'creator' | 'moderator' | 'admin') {
  storeUserRecord(recordOf({ ...customer, role }))
}

function renderDashboard() {
  return renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard' })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Become a Creator', () => {
  it('registers a customer as a creator and turns the page into their creator dashboard', async () => {
    signedInAs('customer')
    const { calls } = serveCreatorApi()
    const { user } = renderDashboard()

    screen.getByRole('heading', { level: 1, name: 'Become a Creator' })
    await user.type(screen.getByLabelText('Username'), 'CaseyLines')
    await user.click(screen.getByLabelText(/^Bio/))
    await user.paste('NBA totals, posted before the line moves.')
    await user.click(screen.getByRole('radio', { name: 'Emoji' }))
    await user.click(screen.getByRole('button', { name: 'Basketball' }))
    await user.selectOptions(screen.getByLabelText('Specialty sport'), 'nba')
    await user.click(screen.getByRole('checkbox', { name: 'WNBA' }))
    await user.click(screen.getByLabelText('X (Twitter)'))
    await user.paste('https://x.com/caseylines')
    await user.selectOptions(screen.getByLabelText(/^Country/), 'US')
    await user.click(screen.getByRole('button', { name: 'Become a Creator' }))

    await screen.findByRole('heading', { level: 1, name: 'Creator Dashboard' })
    expect(callsTo(calls, 'POST', registerPath).map((call) => call.body)).toEqual([
      {
        username: 'CaseyLines',
        bio: 'NBA totals, posted before the line moves.',
        profilePicture: '🏀',
        specialtySport: 'nba',
        otherSports: ['wnba'],
        socialLinks: { twitter: 'https://x.com/caseylines' },
        country: 'US',
      },
    ])
    // The local record now says creator, so the sidebar shows Creator Dashboard.
    expect(readStoredUser()?.role).toBe('creator')
    screen.getByText(/^Welcome, @CaseyLines: you are a creator now/)
    expect(screen.getByRole('link', { name: 'View your purchase page' }).getAttribute('href')).toBe(
      `/shop-picks/purchase/${creatorUserId}`,
    )
  })

  it('checks the username as it is typed: shape and reserved words', async () => {
    signedInAs('customer')
    serveCreatorApi()
    const { user } = renderDashboard()
    const username = screen.getByLabelText('Username')

    await user.type(username, 'ab')
    screen.getByText('Usernames are 3 to 30 letters, digits or underscores')
    expect(username.getAttribute('aria-invalid')).toBe('true')
    await user.clear(username)
    await user.type(username, 'Admin')
    screen.getByText('That username is reserved')
    await user.clear(username)
    await user.type(username, 'sharp_lines')
    expect(username.getAttribute('aria-invalid')).toBeNull()
    screen.getByText(`${location.origin}/sharp_lines`)
  })

  it('stops at the first problem before any call, and says what to fix', async () => {
    signedInAs('customer')
    const { calls } = serveCreatorApi()
    const { user } = renderDashboard()

    await user.type(screen.getByLabelText('Username'), 'CaseyLines')
    fireEvent.change(screen.getByLabelText(/^Bio/), { target: { value: 'x'.repeat(501) } })
    await user.type(screen.getByLabelText('Instagram'), 'https://x.com/not-instagram')
    await user.click(screen.getByRole('button', { name: 'Become a Creator' }))

    expect(screen.getByRole('alert').textContent).toBe('Please fix the highlighted fields.')
    screen.getByText('Bio must be at most 500 characters')
    screen.getByText('Choose your specialty sport')
    screen.getByText('Use a Instagram address (instagram.com)')
    screen.getByText('501 / 500 characters')
    expect(document.activeElement).toBe(screen.getByLabelText(/^Bio/))
    expect(callsTo(calls, 'POST', registerPath)).toHaveLength(0)
  })

  it('shows a taken username beside the field with the server message', async () => {
    signedInAs('customer')
    serveCreatorApi({ takenUsernames: ['caseylines'] })
    const { user } = renderDashboard()

    await user.type(screen.getByLabelText('Username'), 'CaseyLines')
    await user.selectOptions(screen.getByLabelText('Specialty sport'), 'nba')
    await user.click(screen.getByRole('button', { name: 'Become a Creator' }))

    expect((await screen.findByRole('alert')).textContent).toBe('That username is already taken')
    const username = screen.getByLabelText('Username')
    expect(username.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(username)
    expect(readStoredUser()?.role).toBe('user')
  })

  it("puts the server's field problems beside their fields", async () => {
    signedInAs('customer')
    serveCreatorApi({}, (call) =>
      call.path === registerPath
        ? apiError(400, 'VALIDATION_FAILED', 'Invalid body.socialLinks.website', {
            details: [{ field: 'body.socialLinks.website', message: 'Links must be https addresses' }],
          })
        : undefined,
    )
    const { user } = renderDashboard()

    await user.type(screen.getByLabelText('Username'), 'CaseyLines')
    await user.selectOptions(screen.getByLabelText('Specialty sport'), 'nba')
    await user.type(screen.getByLabelText('Website'), 'https://casey.example')
    await user.click(screen.getByRole('button', { name: 'Become a Creator' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid body.socialLinks.website')
    screen.getByText('Links must be https addresses')
    expect(screen.getByLabelText('Website').getAttribute('aria-invalid')).toBe('true')
  })

  it('says "Server error: {status} {statusText}" when the answer is not JSON', async () => {
    signedInAs('customer')
    serveCreatorApi({}, (call) =>
      call.path === registerPath
        ? new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })
        : undefined,
    )
    const { user } = renderDashboard()

    await user.type(screen.getByLabelText('Username'), 'CaseyLines')
    await user.selectOptions(screen.getByLabelText('Specialty sport'), 'nba')
    await user.click(screen.getByRole('button', { name: 'Become a Creator' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Server error: 502 Bad Gateway')
  })

  it('says "Failed to register as creator" for a JSON answer without an error field', async () => {
    signedInAs('customer')
    serveCreatorApi({}, (call) => (call.path === registerPath ? json({ ok: false }, 500) : undefined))
    const { user } = renderDashboard()

    await user.type(screen.getByLabelText('Username'), 'CaseyLines')
    await user.selectOptions(screen.getByLabelText('Specialty sport'), 'nba')
    await user.click(screen.getByRole('button', { name: 'Become a Creator' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to register as creator')
  })

  it('uploads a chosen picture and sends its address', async () => {
    signedInAs('customer')
    const { calls } = serveCreatorApi()
    const { user } = renderDashboard()

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' })
    await user.upload(screen.getByLabelText('Choose a picture'), file)

    const preview = await screen.findByRole('img', { name: 'Profile picture preview' })
    expect(preview.getAttribute('src')).toBe('/media/avatars/0123456789abcdef0123456789abcdef.webp')
    const upload = callsTo(calls, 'POST', '/api/media/avatar')[0]
    expect(upload?.body).toBeInstanceOf(FormData)
    expect((upload?.body as FormData).get('file')).toBe(file)

    await user.type(screen.getByLabelText('Username'), 'CaseyLines')
    await user.selectOptions(screen.getByLabelText('Specialty sport'), 'nba')
    await user.click(screen.getByRole('button', { name: 'Become a Creator' }))
    await screen.findByRole('heading', { level: 1, name: 'Creator Dashboard' })
    expect(callsTo(calls, 'POST', registerPath)[0]?.body).toMatchObject({
      profilePicture: '/media/avatars/0123456789abcdef0123456789abcdef.webp',
    })
  })

  it('refuses a file that is not JPEG, PNG or WebP, or over 2 MB, before uploading', async () => {
    signedInAs('customer')
    const { calls } = serveCreatorApi()
    const { user } = renderDashboard()
    const input = screen.getByLabelText('Choose a picture')

    await user.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }))
    screen.getByText('Profile pictures must be 2 MB or smaller')
    // `accept` only filters the picker's list; some pickers offer "all files", so the change event can carry anything.
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'me.svg', { type: 'image/svg+xml' })] } })
    await screen.findByText('Profile pictures must be JPEG, PNG or WebP')
    expect(callsTo(calls, 'POST', '/api/media/avatar')).toHaveLength(0)
  })

  it("shows the server's reason when an upload is refused", async () => {
    signedInAs('customer')
    serveCreatorApi({}, (call) =>
      call.path === '/api/media/avatar'
        ? apiError(415, 'VALIDATION_FAILED', 'Profile pictures must be JPEG, PNG or WebP images', {
            details: [{ field: 'file', message: 'Profile pictures must be JPEG, PNG or WebP images' }],
          })
        : undefined,
    )
    const { user } = renderDashboard()

    await user.upload(screen.getByLabelText('Choose a picture'), new File(['hello'], 'fake.png', { type: 'image/png' }))
    await screen.findByText('Profile pictures must be JPEG, PNG or WebP images')
    expect(screen.queryByRole('img', { name: 'Profile picture preview' })).toBeNull()
  })

  it('takes an https image address, and explains a bad one', async () => {
    signedInAs('customer')
    const { calls } = serveCreatorApi()
    const { user } = renderDashboard()

    await user.click(screen.getByRole('radio', { name: 'Image address' }))
    const address = screen.getByRole('textbox', { name: 'Image address' })
    await user.type(address, 'ftp://pics.example/me.png')
    await user.tab()
    screen.getByText('Use one emoji or an image address starting with https://')
    await user.clear(address)
    await user.type(address, 'https://pics.example/me.png')
    expect(screen.getByRole('img', { name: 'Profile picture preview' }).getAttribute('src')).toBe(
      'https://pics.example/me.png',
    )

    await user.type(screen.getByLabelText('Username'), 'CaseyLines')
    await user.selectOptions(screen.getByLabelText('Specialty sport'), 'nba')
    await user.click(screen.getByRole('button', { name: 'Become a Creator' }))
    await screen.findByRole('heading', { level: 1, name: 'Creator Dashboard' })
    expect(callsTo(calls, 'POST', registerPath)[0]?.body).toMatchObject({
      profilePicture: 'https://pics.example/me.png',
    })
  })

  it('takes any single emoji typed in', async () => {
    signedInAs('customer')
    serveCreatorApi()
    const { user } = renderDashboard()

    await user.click(screen.getByRole('radio', { name: 'Emoji' }))
    const typed = screen.getByLabelText('Or type any emoji')
    await user.type(typed, 'ab')
    screen.getByText('Type one emoji')
    await user.clear(typed)
    await user.type(typed, '🦈')
    expect(screen.getByRole('img', { name: 'Profile picture preview' }).textContent).toBe('🦈')
  })

  it('lists countries by name and keeps the specialty out of the other sports', async () => {
    signedInAs('customer')
    serveCreatorApi()
    const { user } = renderDashboard()

    const country = screen.getByLabelText(/^Country/)
    expect(within(country).getByRole('option', { name: 'Germany' }).getAttribute('value')).toBe('DE')
    await user.click(screen.getByRole('checkbox', { name: 'NBA' }))
    await user.selectOptions(screen.getByLabelText('Specialty sport'), 'nba')
    expect(screen.queryByRole('checkbox', { name: 'NBA' })).toBeNull()
    expect(screen.getAllByRole('checkbox')).toHaveLength(8)
  })
})

describe('creator dashboard', () => {
  it('links to the creator pages and shows the plans and the share link', async () => {
    signedInAs('creator')
    serveCreatorApi({ profiles: [aProfile()], plans: [aPlan({ name: 'Monthly' })] })
    renderDashboard()

    screen.getByRole('heading', { level: 1, name: 'Creator Dashboard' })
    const tools = screen.getByRole('navigation', { name: 'Creator tools' })
    const hrefs = within(tools)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(hrefs).toEqual([
      '/create-pick',
      '/creator-promotions',
      '/creator/payments',
      '/creator/notifications',
      '/creator/clients',
      '/edit-profile',
    ])
    await screen.findByText('@CaseyLines')
    await screen.findByRole('heading', { name: /Monthly/ })
    expect(((await screen.findByLabelText('Share link')) as HTMLInputElement).value).toBe(
      'http://localhost:3000/CaseyLines?ref=k3Yc9QaZ',
    )
    expect(screen.queryByText(/Welcome/)).toBeNull()
  })

  it('shows an administrator with a creator profile their creator dashboard', async () => {
    signedInAs('admin')
    serveCreatorApi({ profiles: [aProfile()] })
    renderDashboard()

    await screen.findByRole('heading', { level: 1, name: 'Creator Dashboard' })
    screen.getByRole('navigation', { name: 'Creator tools' })
    await screen.findByText('@CaseyLines')
  })
})

describe('dashboard of an administrator or moderator without a creator profile', () => {
  it('tells an administrator where the admin area is, with no creator tools and no creator calls', async () => {
    signedInAs('admin')
    const { calls } = serveCreatorApi({ profiles: [] })
    renderDashboard()

    await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
    screen.getByText('This administrator account has no creator profile, so it has no creator tools.')
    expect(screen.getByRole('link', { name: 'Open the admin area' }).getAttribute('href')).toBe('/admin/login')
    expect(screen.queryByRole('navigation', { name: 'Creator tools' })).toBeNull()
    expect(calls.map((call) => call.path)).toEqual(['/api/me'])
  })

  it('tells a moderator the same, with the moderation queue to go to', async () => {
    signedInAs('moderator')
    serveCreatorApi({ profiles: [] })
    renderDashboard()

    await screen.findByText('This moderator account has no creator profile, so it has no creator tools.')
    expect(screen.getByRole('link', { name: 'Open the moderation queue' }).getAttribute('href')).toBe(
      '/admin/dashboard/moderation',
    )
  })

  it('offers to ask again when the account cannot be checked', async () => {
    signedInAs('admin')
    let failing = true
    serveCreatorApi({ profiles: [] }, (call) =>
      call.path === '/api/me' && failing ? apiError(500, 'INTERNAL', 'Internal server error') : undefined,
    )
    const { user } = renderDashboard()

    expect((await screen.findByRole('alert')).textContent).toContain('We couldn’t check your account.')
    failing = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByRole('link', { name: 'Open the admin area' })
  })
})
