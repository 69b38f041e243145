import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  accountPassword,
  callsTo,
  failure,
  fakeFactor,
  ok,
  rightCode,
  serveAuth,
  serverUser,
  totpSecret,
  type Answer,
  type AuthCall,
  type FakeAuthOptions,
} from '../../test/fake-auth-api.ts'
import { aProfile } from '../../test/fake-creator-api.ts'
import { renderApp } from '../../test/render-app.tsx'

const profilePath = `/api/users/${serverUser.id}/profile`

/** Signed in as the fake's account: the local record and a live session. */
async function openPage(options: FakeAuthOptions = {}) {
  const calls = serveAuth({ signedIn: true, ...options })
  localStorage.setItem(
    'user',
    JSON.stringify({ id: serverUser.id, email: serverUser.email, name: serverUser.name, role: 'customer' }),
  )
  const rendered = renderApp('/edit-profile')
  await screen.findByRole('heading', { name: 'Profile' })
  return { ...rendered, calls }
}

function section(name: string) {
  return within(screen.getByRole('region', { name }))
}

function storedUser() {
  return JSON.parse(localStorage.getItem('user') ?? 'null') as Record<string, unknown> | null
}

describe('the profile', () => {
  it('starts from the server user, every field labelled, in four sections', async () => {
    await openPage()
    screen.getByRole('heading', { level: 1, name: 'Edit Profile' })
    for (const name of ['Profile', 'Phone', 'Password', 'Two-factor authentication']) {
      screen.getByRole('region', { name })
    }
    expect((section('Profile').getByLabelText('Full Name') as HTMLInputElement).value).toBe('Dana Ortiz')
    expect((section('Profile').getByLabelText(/^Specialty Sport/) as HTMLSelectElement).value).toBe('')
    section('Password').getByLabelText('Current Password')
    section('Password').getByLabelText('New Password')
    section('Password').getByLabelText('Confirm New Password')
    section('Phone').getByLabelText('Phone Number')
  })

  it('leads to the affiliate page, where a creator’s invitation and its earnings are', async () => {
    await openPage()
    expect(
      section('Affiliate links').getByRole('link', { name: 'Your affiliate links and earnings' }).getAttribute('href'),
    ).toBe('/affiliate')
  })

  it('saves name, emoji avatar and sport, previews the emoji, and updates the local record and sidebar', async () => {
    const { user, calls } = await openPage()
    const profile = section('Profile')
    await user.clear(profile.getByLabelText('Full Name'))
    await user.type(profile.getByLabelText('Full Name'), 'Dana Fast')
    await user.click(profile.getByRole('radio', { name: 'Emoji' }))
    await user.click(profile.getByRole('button', { name: 'Basketball' }))
    expect(profile.getByRole('img', { name: 'Profile picture preview' }).textContent).toBe('🏀')
    await user.selectOptions(profile.getByLabelText(/^Specialty Sport/), 'NBA')
    await user.click(profile.getByRole('button', { name: 'Save Profile' }))

    expect((await profile.findByRole('status')).textContent).toBe('Profile saved.')
    expect(callsTo(calls, profilePath).map((c) => [c.method, c.body])).toEqual([
      ['PUT', { name: 'Dana Fast', profile_picture: '🏀', specialty_sport: 'nba' }],
    ])
    expect(storedUser()).toMatchObject({ name: 'Dana Fast', profile_picture: '🏀', specialty_sport: 'nba' })
    within(screen.getByTestId('sidebar')).getByText('Dana Fast')
  })

  it('previews an image address as an image, and clears the avatar with null', async () => {
    const { user, calls } = await openPage({ serverUser: { ...serverUser, profile_picture: '🦅' } })
    const profile = section('Profile')
    await user.click(profile.getByRole('radio', { name: 'Image address' }))
    await user.type(profile.getByRole('textbox', { name: 'Image address' }), 'https://cdn.example.com/dana.png')
    const preview = profile.getByRole('img', { name: 'Profile picture preview' })
    expect(preview.tagName).toBe('IMG')
    expect(preview.getAttribute('src')).toBe('https://cdn.example.com/dana.png')

    await user.click(profile.getByRole('button', { name: 'Remove picture' }))
    await user.click(profile.getByRole('button', { name: 'Save Profile' }))
    await profile.findByRole('status')
    expect(callsTo(calls, profilePath)[0]?.body.profile_picture).toBeNull()
    expect(storedUser()?.profile_picture).toBeNull()
  })

  it('refuses an empty name and a plain-http picture before any call', async () => {
    const { user, calls } = await openPage()
    const profile = section('Profile')
    await user.clear(profile.getByLabelText('Full Name'))
    await user.click(profile.getByRole('button', { name: 'Save Profile' }))
    expect(profile.getByRole('alert').textContent).toBe('Full name is required')
    expect(profile.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true')

    await user.type(profile.getByLabelText('Full Name'), 'Dana')
    await user.click(profile.getByRole('radio', { name: 'Image address' }))
    await user.type(profile.getByRole('textbox', { name: 'Image address' }), 'http://example.com/a.png')
    await user.click(profile.getByRole('button', { name: 'Save Profile' }))
    expect(profile.getByRole('alert').textContent).toBe('Use one emoji or an image address starting with https://')
    expect(callsTo(calls, profilePath)).toHaveLength(0)
  })

  it('words a server failure the spec’s way, and the server’s field refusal on its field', async () => {
    let answer = failure(500, 'INTERNAL', 'Internal server error')
    const { user } = await openPage({ handler: (call) => (call.path === profilePath ? answer : undefined) })
    const profile = section('Profile')
    await user.click(profile.getByRole('button', { name: 'Save Profile' }))
    expect((await profile.findByRole('alert')).textContent).toBe('Failed to update profile: Internal server error')

    answer = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid body.name',
          details: [{ field: 'body.name', message: 'Too long' }],
        },
      },
    }
    await user.click(profile.getByRole('button', { name: 'Save Profile' }))
    await waitFor(() => expect(profile.getByRole('alert').textContent).toBe('Too long'))
    expect(profile.getByLabelText('Full Name').getAttribute('aria-invalid')).toBe('true')
  })

  it('says so, with Try again, when the account cannot be loaded', async () => {
    serveAuth({
      signedIn: true,
      handler: (call) => (call.path === '/api/me' ? failure(404, 'NOT_FOUND', 'x') : undefined),
    })
    localStorage.setItem('user', JSON.stringify({ id: serverUser.id, email: serverUser.email, role: 'customer' }))
    renderApp('/edit-profile')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Could not load your account.')
    within(alert).getByRole('button', { name: 'Try again' })
  })
})

describe('the phone number', () => {
  it('sends a code to the number, refuses a wrong one, and shows the number verified with the right one', async () => {
    const { user, calls } = await openPage()
    const phone = section('Phone')
    expect(phone.queryByRole('button', { name: 'Verify' })).toBeNull()
    await user.click(phone.getByRole('button', { name: 'Send code' }))
    expect(phone.getByRole('alert').textContent).toBe('Enter a phone number, starting with + and the country code.')

    await user.type(phone.getByLabelText('Phone Number'), '+15551234567')
    await user.click(phone.getByRole('button', { name: 'Send code' }))
    expect((await phone.findByRole('status')).textContent).toBe('We sent a code to +15551234567.')
    phone.getByRole('button', { name: 'Resend code' })

    const code = phone.getByLabelText('Code from the text message')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    await user.type(code, '000000')
    await user.click(phone.getByRole('button', { name: 'Verify' }))
    expect((await phone.findByRole('alert')).textContent).toBe(
      'That code is not right. Check the latest text message and try again.',
    )

    await user.clear(code)
    await user.type(code, rightCode)
    await user.click(phone.getByRole('button', { name: 'Verify' }))
    expect((await phone.findByRole('status')).textContent).toBe('Phone number verified.')
    phone.getByText('Verified')
    phone.getByText('+15551234567')
    expect(callsTo(calls, '/api/users/me/phone/verify')[1]?.body).toEqual({ phone: '+15551234567', code: rightCode })
  })

  it('shows the server’s word on a malformed number, on the number field', async () => {
    const refusal = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid body.phone',
          details: [{ field: 'body.phone', message: 'Phone numbers start with + and the country code' }],
        },
      },
    }
    const { user } = await openPage({ handler: (call) => (call.path === '/api/users/me/phone' ? refusal : undefined) })
    const phone = section('Phone')
    await user.type(phone.getByLabelText('Phone Number'), '5551234')
    await user.click(phone.getByRole('button', { name: 'Send code' }))
    expect((await phone.findByRole('alert')).textContent).toBe('Phone numbers start with + and the country code')
    expect(phone.getByLabelText('Phone Number').getAttribute('aria-invalid')).toBe('true')
  })
})

describe('the password', () => {
  it('checks the sign-up rules and the confirmation, then refuses a wrong current password on its field', async () => {
    const { user, calls } = await openPage()
    const form = section('Password')
    await user.click(form.getByRole('button', { name: 'Change Password' }))
    expect(form.getByRole('alert').textContent).toBe('Enter your current password.')

    await user.type(form.getByLabelText('Current Password'), 'Wrong1!pass')
    await user.type(form.getByLabelText('New Password'), 'abcdefgh')
    form.getByText('Weak')
    await user.click(form.getByRole('button', { name: 'Change Password' }))
    expect(form.getByRole('alert').textContent).toBe('Password must contain at least one uppercase letter')

    await user.clear(form.getByLabelText('New Password'))
    await user.type(form.getByLabelText('New Password'), 'Fresh2@Password')
    form.getByText('Strong')
    await user.type(form.getByLabelText('Confirm New Password'), 'Fresh2@Passwor')
    await user.click(form.getByRole('button', { name: 'Change Password' }))
    expect(form.getByRole('alert').textContent).toBe('Passwords do not match. Please try again.')
    expect(callsTo(calls, '/api/auth/change-password')).toHaveLength(0)

    await user.type(form.getByLabelText('Confirm New Password'), 'd')
    await user.click(form.getByRole('button', { name: 'Change Password' }))
    const alert = await form.findByRole('alert')
    await waitFor(() => expect(alert.textContent).toBe('That is not your current password. Please try again.'))
    expect(form.getByLabelText('Current Password').getAttribute('aria-describedby')).toContain(alert.id)
  })

  it('changes the password, signing out the other devices, and clears the fields', async () => {
    const { user, calls } = await openPage()
    const form = section('Password')
    await user.type(form.getByLabelText('Current Password'), accountPassword)
    await user.type(form.getByLabelText('New Password'), 'Fresh2@Password')
    await user.type(form.getByLabelText('Confirm New Password'), 'Fresh2@Password')
    await user.click(form.getByRole('button', { name: 'Change Password' }))
    expect((await form.findByRole('status')).textContent).toBe(
      'Your password has been changed. Other devices were signed out.',
    )
    expect(callsTo(calls, '/api/auth/change-password')[0]?.body).toEqual({
      currentPassword: accountPassword,
      newPassword: 'Fresh2@Password',
      revokeOtherSessions: true,
    })
    expect((form.getByLabelText('Current Password') as HTMLInputElement).value).toBe('')
  })

  it('has nothing to change for a Google-only account', async () => {
    await openPage({ hasPassword: false })
    await waitFor(() =>
      section('Password').getByText('You sign in with Google, so this account has no password to change.'),
    )
    expect(section('Password').queryByLabelText('Current Password')).toBeNull()
  })
})

describe('two-factor authentication', () => {
  it('sets up an authenticator app: password, QR code and setup key, then a code from the app', async () => {
    const { user, calls } = await openPage()
    const mfa = section('Two-factor authentication')
    mfa.getByText(/^Off\./)
    await user.click(mfa.getByRole('button', { name: 'Set up authenticator app' }))
    await user.click(mfa.getByRole('button', { name: 'Continue' }))
    expect(mfa.getByRole('alert').textContent).toBe('Enter your password to confirm.')
    await user.type(mfa.getByLabelText('Your Password'), 'Wrong1!pass')
    await user.click(mfa.getByRole('button', { name: 'Continue' }))
    expect((await mfa.findByRole('alert')).textContent).toBe('That is not your current password. Please try again.')

    await user.clear(mfa.getByLabelText('Your Password'))
    await user.type(mfa.getByLabelText('Your Password'), accountPassword)
    await user.click(mfa.getByRole('button', { name: 'Continue' }))
    const qr = await mfa.findByRole('img', { name: 'QR code for your authenticator app' })
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    expect(mfa.getByText(totpSecret).tagName).toBe('CODE')

    await user.type(mfa.getByLabelText('Code from the app'), '000000')
    await user.click(mfa.getByRole('button', { name: 'Confirm' }))
    expect((await mfa.findByRole('alert')).textContent).toBe(
      'That code is not right. Enter the code your authenticator app shows now.',
    )
    await user.clear(mfa.getByLabelText('Code from the app'))
    await user.type(mfa.getByLabelText('Code from the app'), rightCode)
    await user.click(mfa.getByRole('button', { name: 'Confirm' }))

    expect((await mfa.findByRole('status')).textContent).toBe(
      'Authenticator app added. Signing in now asks for a code from it.',
    )
    const list = await mfa.findByRole('list', { name: 'Your two-factor methods' })
    await waitFor(() => within(list).getByText('Authenticator app'))
    expect(within(list).queryByText('Not verified')).toBeNull()
    within(list).getByRole('button', { name: 'Remove Authenticator app' })
    mfa.getByText(/^On:/)
    // One app per account: another setup waits until this one is removed.
    expect(mfa.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull()
    expect(
      callsTo(calls, '/api/auth/factors')
        .filter((c) => c.method === 'POST')
        .map((c) => c.body),
    ).toEqual([
      { factor_type: 'totp', password: 'Wrong1!pass' },
      { factor_type: 'totp', password: accountPassword },
    ])
  })

  it('removes the unconfirmed factor when the setup is cancelled', async () => {
    const { user, calls } = await openPage()
    const mfa = section('Two-factor authentication')
    await user.click(mfa.getByRole('button', { name: 'Set up authenticator app' }))
    await user.type(mfa.getByLabelText('Your Password'), accountPassword)
    await user.click(mfa.getByRole('button', { name: 'Continue' }))
    await mfa.findByRole('img', { name: 'QR code for your authenticator app' })
    await user.click(mfa.getByRole('button', { name: 'Cancel' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.body])).toEqual([
        ['/api/auth/factors/factor-1', { password: accountPassword }],
      ]),
    )
    mfa.getByRole('button', { name: 'Set up authenticator app' })
  })

  it('does not ask a Google-only account for a password', async () => {
    const { user, calls } = await openPage({ hasPassword: false })
    const mfa = section('Two-factor authentication')
    await waitFor(() => expect(callsTo(calls, '/api/auth/list-accounts')).toHaveLength(1))
    await user.click(mfa.getByRole('button', { name: 'Set up authenticator app' }))
    expect(mfa.queryByLabelText('Your Password')).toBeNull()
    await user.click(mfa.getByRole('button', { name: 'Continue' }))
    await mfa.findByRole('img', { name: 'QR code for your authenticator app' })
    expect(callsTo(calls, '/api/auth/factors').at(-1)?.body).toEqual({ factor_type: 'totp' })
  })

  it('adds a text-message factor with a texted code', async () => {
    const { user, calls } = await openPage()
    const mfa = section('Two-factor authentication')
    await user.click(mfa.getByRole('button', { name: 'Add text-message factor' }))
    await user.type(mfa.getByLabelText('Phone Number for Codes'), '+15551234567')
    await user.type(mfa.getByLabelText('Your Password'), accountPassword)
    await user.click(mfa.getByRole('button', { name: 'Send code' }))
    expect((await mfa.findByRole('status')).textContent).toBe('We sent a code to +1•••••4567.')
    expect(callsTo(calls, '/api/auth/factors/factor-1/challenge')[0]?.body).toEqual({ channel: 'sms' })

    await user.type(mfa.getByLabelText('Code from the text message'), rightCode)
    await user.click(mfa.getByRole('button', { name: 'Confirm' }))
    const list = await mfa.findByRole('list', { name: 'Your two-factor methods' })
    await waitFor(() => within(list).getByText('Text message to +1•••••4567'))
    expect(mfa.getByRole('status').textContent).toBe(
      'Text-message factor added. Signing in can now ask for a texted code.',
    )
  })

  it('removes a factor once the password confirms it', async () => {
    const { user, calls } = await openPage({ factors: [fakeFactor({ id: 'app-1', factor_type: 'totp' })] })
    const mfa = section('Two-factor authentication')
    await user.click(await mfa.findByRole('button', { name: 'Remove Authenticator app' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Remove two-factor method' }))
    await user.type(dialog.getByLabelText('Your Password'), 'Wrong1!pass')
    await user.click(dialog.getByRole('button', { name: 'Remove' }))
    expect((await dialog.findByRole('alert')).textContent).toBe('That is not your current password. Please try again.')

    await user.clear(dialog.getByLabelText('Your Password'))
    await user.type(dialog.getByLabelText('Your Password'), accountPassword)
    await user.click(dialog.getByRole('button', { name: 'Remove' }))
    expect((await mfa.findByRole('status')).textContent).toBe('Two-factor method removed.')
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(mfa.queryByRole('list', { name: 'Your two-factor methods' })).toBeNull())
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(2)
  })
})

describe("a creator's public profile", () => {
  const creatorUser = { ...serverUser, role: 'creator' as const, specialty_sport: 'nba' }
  const creatorPath = `/api/creators/${serverUser.id}`

  /** Signed in as a creator whose profile the fake serves; `onSave` answers the profile update. */
  async function openAsCreator(onSave: (call: AuthCall) => Answer) {
    let creator = aProfile({ id: serverUser.id, name: serverUser.name })
    const calls = serveAuth({
      signedIn: true,
      serverUser: creatorUser,
      handler: (call) => {
        if (call.path === creatorPath && call.method === 'GET') return ok({ creator })
        if (call.path === `${creatorPath}/profile` && call.method === 'PUT') {
          const answer = onSave(call)
          if (answer.status === 200) creator = (answer.body as { creator: typeof creator }).creator
          return answer
        }
        return undefined
      },
    })
    localStorage.setItem(
      'user',
      JSON.stringify({ id: serverUser.id, email: serverUser.email, name: serverUser.name, role: 'creator' }),
    )
    const rendered = renderApp('/edit-profile')
    await screen.findByRole('region', { name: 'Creator profile' })
    return { ...rendered, calls, creator }
  }

  it('edits username, bio and links in its own section, keeping the picture and one specialty field', async () => {
    const { user, calls, creator } = await openAsCreator((call) =>
      ok({ creator: { ...aProfile({ id: serverUser.id }), username: call.body.username, bio: call.body.bio } }),
    )
    const section = within(screen.getByRole('region', { name: 'Creator profile' }))
    expect((section.getByLabelText('Username') as HTMLInputElement).value).toBe(creator.username)
    expect((section.getByLabelText(/^Bio/) as HTMLTextAreaElement).value).toBe(creator.bio)
    // The account's avatar and specialty are the creator's: each is edited in one place only.
    expect(screen.getAllByLabelText(/^Specialty sport/i)).toHaveLength(1)
    expect(section.queryByRole('radio', { name: 'Emoji' })).toBeNull()

    await user.clear(section.getByLabelText('Username'))
    await user.type(section.getByLabelText('Username'), 'CaseyTotals')
    await user.clear(section.getByLabelText(/^Bio/))
    await user.type(section.getByLabelText(/^Bio/), 'Totals only, posted early.')
    await user.click(section.getByRole('button', { name: 'Save Creator Profile' }))

    expect((await section.findByRole('status')).textContent).toBe(
      'Creator profile saved. Your old link keeps leading here for 30 days.',
    )
    const sent = callsTo(calls, `${creatorPath}/profile`)[0]?.body
    expect(sent).toMatchObject({ username: 'CaseyTotals', bio: 'Totals only, posted early.', specialtySport: 'nba' })
    expect(sent).not.toHaveProperty('profilePicture')
  })

  it("shows the server's answer beside the username when it is taken", async () => {
    const { user } = await openAsCreator(() =>
      failure(409, 'CONFLICT', 'That username is taken. Try another.', 'USERNAME_TAKEN'),
    )
    const section = within(screen.getByRole('region', { name: 'Creator profile' }))
    await user.clear(section.getByLabelText('Username'))
    await user.type(section.getByLabelText('Username'), 'SharpDana')
    await user.click(section.getByRole('button', { name: 'Save Creator Profile' }))
    await waitFor(() => expect(section.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true'))
    expect(section.getAllByText('That username is taken. Try another.').length).toBeGreaterThan(0)
    expect(section.queryByRole('status')?.textContent ?? '').toBe('')
  })

  it('is not offered to a customer, who has no creator profile to load', async () => {
    const { calls } = await openPage()
    expect(screen.queryByRole('region', { name: 'Creator profile' })).toBeNull()
    expect(calls.filter((call) => call.path.startsWith('/api/creators/'))).toHaveLength(0)
  })
})
