import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  callsTo,
  failure,
  fakeFactor,
  rightCode,
  serveAuth,
  serverUser,
  type AuthCall,
} from '../../test/fake-auth-api.ts'
import { renderApp } from '../../test/render-app.tsx'

const password = 'Winning1!Picks'

async function openAuth(route = '/auth') {
  const rendered = renderApp(route)
  await screen.findByRole('tab', { name: 'Sign In' })
  return rendered
}

function panel() {
  return within(screen.getByRole('tabpanel'))
}

function storedUser() {
  return JSON.parse(localStorage.getItem('user') ?? 'null') as Record<string, unknown> | null
}

async function signInWith(user: ReturnType<typeof renderApp>['user'], email: string, pass: string) {
  await user.type(panel().getByLabelText('Email'), email)
  await user.type(panel().getByLabelText('Password'), pass)
  await user.click(panel().getByRole('button', { name: 'Sign In' }))
}

describe('the /auth page', () => {
  it('has real Sign In / Sign Up tabs, and the Google button marked Recommended', async () => {
    serveAuth()
    const { user } = await openAuth()
    const signIn = screen.getByRole('tab', { name: 'Sign In' })
    expect(signIn.getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(signIn.id)
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }))
    expect(screen.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true')
    screen.getByRole('button', { name: /Continue with Google.*Recommended/ })
  })

  it('disables Google sign-in and says why when the server has it off', async () => {
    serveAuth({ google: false })
    await openAuth()
    await screen.findByText('Google sign-in is not configured on this server.')
    const google = screen.getByRole('button', { name: /Continue with Google/ }) as HTMLButtonElement
    expect(google.disabled).toBe(true)
    expect(google.getAttribute('aria-describedby')).toBeTruthy()
  })

  it('offers Google sign-in when the server has it on', async () => {
    serveAuth({ google: true })
    await openAuth()
    const google = screen.getByRole('button', { name: /Continue with Google/ }) as HTMLButtonElement
    await waitFor(() => expect(google.disabled).toBe(false))
    expect(screen.queryByText('Google sign-in is not configured on this server.')).toBeNull()
  })
})

describe('signing in', () => {
  it('signs in with Remember me on by default, keeps the user record and returns to the page the visitor came from', async () => {
    const calls = serveAuth()
    const { user, router } = await openAuth('/auth?redirect=%2Falerts')
    expect((panel().getByLabelText('Remember me') as HTMLInputElement).checked).toBe(true)
    await signInWith(user, ' Dana@Example.com ', password)

    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts'))
    expect(callsTo(calls, '/api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'dana@example.com',
      password,
      rememberMe: true,
    })
    expect(storedUser()).toMatchObject({ id: serverUser.id, email: 'dana@example.com', role: 'customer' })
  })

  it('sends Remember me off when the visitor unticks it, and goes to /shop-picks without an origin', async () => {
    const calls = serveAuth()
    const { user, router } = await openAuth()
    await user.click(panel().getByLabelText('Remember me'))
    await signInWith(user, 'dana@example.com', password)
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
    expect(callsTo(calls, '/api/auth/sign-in/email')[0]?.body.rememberMe).toBe(false)
  })

  it('returns to the origin a guard remembered in the router state', async () => {
    serveAuth()
    const { user, router } = renderApp('/manage-subscriptions')
    await screen.findByRole('tab', { name: 'Sign In' })
    expect(router.state.location.pathname).toBe('/auth')
    await signInWith(user, 'dana@example.com', password)
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-subscriptions'))
  })

  it('returns to the page whose sidebar Sign In link was followed', async () => {
    serveAuth()
    const { user, router } = renderApp('/locker-room')
    await user.click(within(await screen.findByTestId('sidebar')).getByRole('link', { name: 'Sign In' }))
    await screen.findByRole('tab', { name: 'Sign In' })
    await signInWith(user, 'dana@example.com', password)
    await waitFor(() => expect(router.state.location.pathname).toBe('/locker-room'))
  })

  it.each([
    [
      'wrong password',
      failure(401, 'UNAUTHENTICATED', 'x', 'INVALID_CREDENTIALS'),
      'Invalid email or password. Please try again.',
    ],
    [
      'unverified e-mail',
      failure(403, 'FORBIDDEN', 'x', 'EMAIL_NOT_VERIFIED'),
      'Please verify your email before logging in.',
    ],
    [
      'blocked',
      failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 15 minutes.', 'BLOCKED'),
      'Too many attempts. Please try again in 15 minutes.',
    ],
    [
      'other refusal',
      failure(400, 'VALIDATION_FAILED', 'Something specific went wrong'),
      'Something specific went wrong',
    ],
    ['server failure', failure(500, 'INTERNAL', 'Internal server error'), 'Failed to log in. Please try again.'],
  ])('shows the spec message for a refused sign-in (%s)', async (_name, answer, message) => {
    serveAuth((call) => (call.path === '/api/auth/sign-in/email' ? answer : undefined))
    const { user } = await openAuth()
    await signInWith(user, 'dana@example.com', 'Wrong1!pass')
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(storedUser()).toBeNull()
  })

  it('says so when the network is down', async () => {
    serveAuth((call) => {
      if (call.path === '/api/auth/sign-in/email') throw new TypeError('Failed to fetch')
      return undefined
    })
    const { user } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network error. Please check your connection and try again.',
    )
  })

  it('ties a wrong password to the password field', async () => {
    serveAuth((call) =>
      call.path === '/api/auth/sign-in/email' ? failure(401, 'UNAUTHENTICATED', 'x', 'INVALID_CREDENTIALS') : undefined,
    )
    const { user } = await openAuth()
    await signInWith(user, 'dana@example.com', 'Wrong1!pass')
    const alert = await screen.findByRole('alert')
    const field = panel().getByLabelText('Password')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toContain(alert.id)
  })

  it('disables the button and says so while signing in', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    serveAuth()
    const original = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/auth/sign-in/email')) await gate
      return original(input, init)
    }) as typeof fetch
    const { user, router } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    const busy = panel().getByRole('button', { name: 'Signing in…' }) as HTMLButtonElement
    expect(busy.disabled).toBe(true)
    release()
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
  })

  it('keeps a blocked visitor from trying again before the block ends, without asking the server', async () => {
    const calls = serveAuth((call) =>
      call.path === '/api/auth/sign-in/email'
        ? {
            ...failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 15 minutes.', 'BLOCKED'),
            headers: { 'retry-after': '900' },
          }
        : undefined,
    )
    const { user } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again in 15 minutes.')
    const record = JSON.parse(localStorage.getItem('login-attempts:dana@example.com') ?? '{}') as Record<string, number>
    expect(record.blockedUntil).toBeGreaterThan(Date.now() + 14 * 60_000)

    await user.click(panel().getByRole('button', { name: 'Sign In' }))
    expect(screen.getByRole('alert').textContent).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/)
    expect(callsTo(calls, '/api/auth/sign-in/email')).toHaveLength(1)
  })

  it('counts failures in the local record and blocks after the fifth, without a sixth call', async () => {
    const calls = serveAuth((call) =>
      call.path === '/api/auth/sign-in/email' ? failure(401, 'UNAUTHENTICATED', 'x', 'INVALID_CREDENTIALS') : undefined,
    )
    const { user } = await openAuth()
    await user.type(panel().getByLabelText('Email'), 'Dana@example.com')
    await user.type(panel().getByLabelText('Password'), 'Wrong1!pass')
    for (let i = 0; i < 5; i++) {
      await user.click(panel().getByRole('button', { name: 'Sign In' }))
      await waitFor(() => expect(callsTo(calls, '/api/auth/sign-in/email')).toHaveLength(i + 1))
      await screen.findByRole('alert')
    }
    expect(JSON.parse(localStorage.getItem('login-attempts:dana@example.com') ?? '{}')).toMatchObject({ attempts: 5 })
    await user.click(panel().getByRole('button', { name: 'Sign In' }))
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please try again in 15 minutes.')
    expect(callsTo(calls, '/api/auth/sign-in/email')).toHaveLength(5)
  })

  it('sends a signed-in visitor on to the shop', async () => {
    serveAuth({ signedIn: true })
    localStorage.setItem('user', JSON.stringify({ id: serverUser.id, email: 'dana@example.com', role: 'customer' }))
    const { router } = renderApp('/auth')
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
  })

  it('signs out again when the server user belongs to another identity', async () => {
    const calls = serveAuth({ serverUser: { ...serverUser, auth_id: 'someone-else' } })
    const { user, router } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed. Please try again.')
    expect(callsTo(calls, '/api/auth/sign-out')).toHaveLength(1)
    expect(storedUser()).toBeNull()
    expect(router.state.location.pathname).toBe('/auth')
  })
})

const appFactor = fakeFactor({ id: 'app-1', factor_type: 'totp' })
const phoneFactor = fakeFactor({ id: 'sms-1', factor_type: 'phone', phone: '+1•••••4567' })

/** The code step's own region: its heading names it. */
function codeStep() {
  return within(screen.getByRole('region', { name: 'Two-factor verification' }))
}

async function enterCode(user: ReturnType<typeof renderApp>['user'], code: string) {
  const field = codeStep().getByLabelText('Verification code')
  await user.clear(field)
  await user.type(field, code)
  await user.click(codeStep().getByRole('button', { name: 'Verify' }))
}

describe('signing in with a second factor', () => {
  it('asks for the code from the authenticator app, opens the session only with a right one, then goes on', async () => {
    const calls = serveAuth({ factors: [appFactor] })
    const { user, router } = await openAuth('/auth?redirect=%2Falerts')
    await signInWith(user, 'dana@example.com', password)

    const heading = await screen.findByRole('heading', { name: 'Two-factor verification' })
    expect(document.activeElement).toBe(heading)
    codeStep().getByText('Enter the 6-digit code your authenticator app shows for this account.')
    const field = codeStep().getByLabelText('Verification code')
    expect(field.getAttribute('inputmode')).toBe('numeric')
    expect(field.getAttribute('autocomplete')).toBe('one-time-code')
    expect(storedUser()).toBeNull()

    await enterCode(user, '000000')
    expect((await codeStep().findByRole('alert')).textContent).toBe(
      'That code is not right. Enter the code your authenticator app shows now.',
    )
    expect(storedUser()).toBeNull()
    expect(router.state.location.pathname).toBe('/auth')

    await enterCode(user, rightCode.replace(/(\d{3})/, '$1 '))
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts'))
    expect(storedUser()).toMatchObject({ id: serverUser.id, email: 'dana@example.com' })
    // One challenge, and both codes checked against it (digits only).
    expect(callsTo(calls, '/api/auth/factors/app-1/challenge')).toHaveLength(1)
    expect(callsTo(calls, '/api/auth/factors/app-1/verify').map((c) => c.body)).toEqual([
      { code: '000000', challenge_id: 'ch-1' },
      { code: rightCode, challenge_id: 'ch-1' },
    ])
  })

  it('checks the code has six digits before asking the server', async () => {
    const calls = serveAuth({ factors: [appFactor] })
    const { user } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    await screen.findByRole('heading', { name: 'Two-factor verification' })
    await enterCode(user, '12345')
    expect(codeStep().getByRole('alert').textContent).toBe('Enter the 6-digit code.')
    expect(codeStep().getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true')
    expect(calls.some((c) => c.path.startsWith('/api/auth/factors'))).toBe(false)
  })

  it('offers a text message to the masked number, sends and resends the code, and signs in with it', async () => {
    const calls = serveAuth({ factors: [appFactor, phoneFactor] })
    const { user, router } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    await screen.findByRole('heading', { name: 'Two-factor verification' })
    expect(codeStep().getByRole('radio', { name: 'Authenticator app' })).toHaveProperty('checked', true)
    await user.click(codeStep().getByRole('radio', { name: 'Text message to +1•••••4567' }))

    await enterCode(user, rightCode)
    expect(codeStep().getByRole('alert').textContent).toBe('Send a code to your phone first.')

    await user.click(codeStep().getByRole('button', { name: 'Send code' }))
    expect((await codeStep().findByRole('status')).textContent).toBe('Code sent to +1•••••4567.')
    await user.click(codeStep().getByRole('button', { name: 'Resend code' }))
    await waitFor(() => expect(callsTo(calls, '/api/auth/factors/sms-1/challenge')).toHaveLength(2))
    expect(callsTo(calls, '/api/auth/factors/sms-1/challenge')[0]?.body).toEqual({ channel: 'sms' })

    await enterCode(user, rightCode)
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
    // The newest challenge is the one the code is checked against.
    expect(callsTo(calls, '/api/auth/factors/sms-1/verify')[0]?.body).toEqual({ code: rightCode, challenge_id: 'ch-2' })
  })

  it.each([
    ['an expired code', 'CODE_EXPIRED', 'That code has expired. Send a new one.'],
    ['too many wrong codes', 'TOO_MANY_CODE_ATTEMPTS', 'Too many wrong codes. Send a new one.'],
  ])('after %s, asks for a new text message', async (_name, reason, message) => {
    const refuse = (call: AuthCall) =>
      call.path === '/api/auth/factors/sms-1/verify' ? failure(400, 'VALIDATION_FAILED', 'x', reason) : undefined
    serveAuth({ factors: [phoneFactor], handler: refuse })
    const { user } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    await user.click(await codeStep().findByRole('button', { name: 'Send code' }))
    await codeStep().findByRole('button', { name: 'Resend code' })
    await enterCode(user, rightCode)
    expect((await codeStep().findByRole('alert')).textContent).toBe(message)
    codeStep().getByRole('button', { name: 'Send code' })
    expect(storedUser()).toBeNull()
  })

  it('opens a new challenge for the app after the last one expired', async () => {
    let verifies = 0
    const calls = serveAuth({
      factors: [appFactor],
      handler: (call) =>
        call.path === '/api/auth/factors/app-1/verify' && verifies++ === 0
          ? failure(400, 'VALIDATION_FAILED', 'x', 'CODE_EXPIRED')
          : undefined,
    })
    const { user, router } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    await screen.findByRole('heading', { name: 'Two-factor verification' })
    await enterCode(user, rightCode)
    expect((await codeStep().findByRole('alert')).textContent).toBe(
      'That took too long. Enter the code your authenticator app shows now.',
    )
    await enterCode(user, rightCode)
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
    expect(callsTo(calls, '/api/auth/factors/app-1/verify').map((c) => c.body.challenge_id)).toEqual(['ch-1', 'ch-2'])
  })

  it('says the sign-in expired when the server no longer knows the password step', async () => {
    serveAuth({
      factors: [appFactor],
      handler: (call) =>
        call.path.startsWith('/api/auth/factors/') ? failure(401, 'UNAUTHENTICATED', 'x') : undefined,
    })
    const { user } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    await screen.findByRole('heading', { name: 'Two-factor verification' })
    await enterCode(user, rightCode)
    expect((await codeStep().findByRole('alert')).textContent).toBe('Your sign-in has expired. Please sign in again.')
  })

  it('goes back to the sign-in form, with the password cleared', async () => {
    serveAuth({ factors: [appFactor] })
    const { user } = await openAuth()
    await signInWith(user, 'dana@example.com', password)
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }))
    expect((panel().getByLabelText('Email') as HTMLInputElement).value).toBe('dana@example.com')
    expect((panel().getByLabelText('Password') as HTMLInputElement).value).toBe('')
    expect((panel().getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('the Reset Password dialog', () => {
  it('checks for an @, then answers alike whether or not the e-mail has an account', async () => {
    const calls = serveAuth()
    const { user } = await openAuth()
    const opener = screen.getByRole('button', { name: 'Forgot password?' })
    await user.click(opener)
    const dialog = within(screen.getByRole('dialog', { name: 'Reset Password' }))
    expect(screen.getByRole('dialog').getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Close' }))
    await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'nobody.example.com')
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }))
    expect(dialog.getByRole('alert').textContent).toBe('Please enter a valid email address.')
    expect(callsTo(calls, '/api/auth/request-password-reset')).toHaveLength(0)

    await user.clear(dialog.getByRole('textbox', { name: 'Email' }))
    await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'Nobody@Example.com')
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }))
    expect((await dialog.findByRole('status')).textContent).toBe(
      "If an account exists with that email, we've sent you a password reset link. Please check your inbox and spam folder.",
    )
    expect(callsTo(calls, '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    })
  })

  it.each([
    [failure(429, 'RATE_LIMITED', 'Slow down'), 'Too many requests. Please try again in a few minutes.'],
    [failure(500, 'INTERNAL', 'Internal server error'), 'Failed to send password reset email. Please try again.'],
  ])('shows the reset failure messages', async (answer, message) => {
    serveAuth((call) => (call.path === '/api/auth/request-password-reset' ? answer : undefined))
    const { user } = await openAuth()
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Reset Password' }))
    await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'dana@example.com')
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }))
    expect((await dialog.findByRole('alert')).textContent).toBe(message)
  })
})

describe('signing up', () => {
  async function openSignUp(route = '/auth?redirect=%2Falerts') {
    const rendered = await openAuth(route)
    await rendered.user.click(screen.getByRole('tab', { name: 'Sign Up' }))
    return rendered
  }

  async function fillValid(user: ReturnType<typeof renderApp>['user']) {
    await user.type(panel().getByLabelText('Full Name'), 'Dana Ortiz')
    await user.type(panel().getByLabelText('Email'), 'Dana@Example.com')
    await user.type(panel().getByLabelText('Password'), password)
    await user.type(panel().getByLabelText('Confirm Password'), password)
    await user.click(panel().getByLabelText('I accept the Terms of Service'))
    await user.click(panel().getByLabelText('I accept the Privacy Policy'))
  }

  it('checks every rule in order, with its exact message, tied to its field, before any call', async () => {
    const calls = serveAuth()
    const { user } = await openSignUp()
    const submit = () => user.click(panel().getByRole('button', { name: 'Create Account' }))
    const alert = () => screen.getByRole('alert')
    const expectProblem = (message: string, label: string) => {
      expect(alert().textContent).toBe(message)
      const field = panel().getByLabelText(label)
      expect(field.getAttribute('aria-invalid')).toBe('true')
      expect(field.getAttribute('aria-describedby')).toContain(alert().id)
    }

    await submit()
    expectProblem('Full name is required', 'Full Name')
    await user.type(panel().getByLabelText('Full Name'), 'Dana Ortiz')
    await submit()
    expectProblem('Email is required', 'Email')
    await user.type(panel().getByLabelText('Email'), 'dana.example.com')
    await submit()
    expectProblem('Please enter a valid email address.', 'Email')
    await user.clear(panel().getByLabelText('Email'))
    await user.type(panel().getByLabelText('Email'), 'dana@example.com')

    const passwordCases: Array<[string, string]> = [
      ['Wi1!', 'Password must be at least 8 characters long'],
      ['winning1!', 'Password must contain at least one uppercase letter'],
      ['WINNING1!', 'Password must contain at least one lowercase letter'],
      ['Winning!!', 'Password must contain at least one number'],
      ['Winning11', 'Password must contain at least one special character (!@#$%^&*...)'],
    ]
    for (const [weak, message] of passwordCases) {
      await user.clear(panel().getByLabelText('Password'))
      await user.type(panel().getByLabelText('Password'), weak)
      await submit()
      expectProblem(message, 'Password')
    }
    await user.clear(panel().getByLabelText('Password'))
    await user.type(panel().getByLabelText('Password'), password)
    await user.type(panel().getByLabelText('Confirm Password'), 'Winning1!Pick')
    await submit()
    expectProblem('Passwords do not match. Please try again.', 'Confirm Password')
    await user.type(panel().getByLabelText('Confirm Password'), 's')
    await user.click(panel().getByLabelText('I accept the Terms of Service'))
    await submit()
    expectProblem('Please accept the Terms of Service and Privacy Policy to continue.', 'I accept the Privacy Policy')
    expect(callsTo(calls, '/api/auth/sign-up/email')).toHaveLength(0)
  })

  it('rates the password as the visitor types, in words', async () => {
    serveAuth()
    const { user } = await openSignUp()
    const field = panel().getByLabelText('Password')
    await user.type(field, 'abcdefgh')
    panel().getByText('Weak')
    await user.type(field, 'A1')
    panel().getByText('Medium')
    await user.type(field, '!x')
    panel().getByText('Strong')
    const meter = document.getElementById(field.getAttribute('aria-describedby') ?? '')
    expect(meter?.textContent).toBe('Password strength: Strong')
  })

  it('opens each agreement in a dialog whose I Understand ticks its box, then goes on to verify the e-mail', async () => {
    const calls = serveAuth()
    const { user, router } = await openSignUp()
    await user.type(panel().getByLabelText('Full Name'), 'Dana Ortiz')
    await user.type(panel().getByLabelText('Email'), 'Dana@Example.com')
    await user.type(panel().getByLabelText('Password'), password)
    await user.type(panel().getByLabelText('Confirm Password'), password)
    await user.type(panel().getByLabelText('Phone Number (optional)'), '+15551234567')
    for (const doc of ['Terms of Service', 'Privacy Policy']) {
      await user.click(panel().getByRole('button', { name: `Read the ${doc}` }))
      const dialog = screen.getByRole('dialog', { name: doc })
      within(dialog).getByRole('link', { name: new RegExp(`full ${doc}`) })
      await user.click(within(dialog).getByRole('button', { name: 'I Understand' }))
      expect(screen.queryByRole('dialog')).toBeNull()
      expect((panel().getByLabelText(`I accept the ${doc}`) as HTMLInputElement).checked).toBe(true)
    }
    await user.click(panel().getByRole('button', { name: 'Create Account' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'))
    const search = new URLSearchParams(router.state.location.search)
    expect(search.get('email')).toBe('dana@example.com')
    expect(search.get('redirect')).toBe('/alerts')
    expect(callsTo(calls, '/api/auth/sign-up/email')[0]?.body).toEqual({
      name: 'Dana Ortiz',
      email: 'dana@example.com',
      password,
      phone: '+15551234567',
    })
    expect(storedUser()).toBeNull()
  })

  it.each([
    [
      'already registered',
      failure(409, 'CONFLICT', 'An account with this email already exists.', 'ALREADY_REGISTERED'),
      'An account with this email already exists.',
    ],
    [
      'the auth library’s weak password',
      failure(400, 'VALIDATION_FAILED', 'Password too short', 'WEAK_PASSWORD'),
      'Password should be at least 6 characters.',
    ],
    [
      'rate limited',
      failure(429, 'RATE_LIMITED', 'Too many requests'),
      'Email service rate limit reached. Please try again in a few minutes.',
    ],
    [
      'server failure',
      failure(500, 'INTERNAL', 'Internal server error'),
      'Failed to create account. Please try again.',
    ],
  ])('shows the spec message when sign-up is refused (%s)', async (_name, answer, message) => {
    serveAuth((call) => (call.path === '/api/auth/sign-up/email' ? answer : undefined))
    const { user } = await openSignUp()
    await fillValid(user)
    await user.click(panel().getByRole('button', { name: 'Create Account' }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
  })

  it('shows the server’s word on a bad phone number, on the phone field', async () => {
    serveAuth((call) =>
      call.path === '/api/auth/sign-up/email'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Invalid request',
                requestId: 'r',
                details: [{ field: 'body.phone', message: 'Phone numbers start with + and the country code' }],
              },
            },
          }
        : undefined,
    )
    const { user } = await openSignUp()
    await fillValid(user)
    await user.type(panel().getByLabelText('Phone Number (optional)'), '555')
    await user.click(panel().getByRole('button', { name: 'Create Account' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Phone numbers start with + and the country code')
    expect(panel().getByLabelText('Phone Number (optional)').getAttribute('aria-invalid')).toBe('true')
  })

  it('clears every field, the error and the boxes when the visitor switches tabs', async () => {
    serveAuth()
    const { user } = await openSignUp()
    await user.type(panel().getByLabelText('Full Name'), 'Dana Ortiz')
    await user.type(panel().getByLabelText('Email'), 'dana@example.com')
    await user.type(panel().getByLabelText('Password'), 'short')
    await user.type(panel().getByLabelText('Confirm Password'), 'short')
    await user.type(panel().getByLabelText('Phone Number (optional)'), '+15551234567')
    await user.click(panel().getByLabelText('I accept the Terms of Service'))
    await user.click(panel().getByLabelText('I accept the Privacy Policy'))
    await user.click(panel().getByRole('button', { name: 'Create Account' }))
    screen.getByRole('alert')

    await user.click(screen.getByRole('tab', { name: 'Sign In' }))
    expect(screen.queryByRole('alert')).toBeNull()
    await user.type(panel().getByLabelText('Email'), 'lee@example.com')
    await user.click(panel().getByLabelText('Remember me'))
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }))
    for (const label of ['Full Name', 'Email', 'Password', 'Confirm Password', 'Phone Number (optional)']) {
      expect((panel().getByLabelText(label) as HTMLInputElement).value).toBe('')
    }
    expect((panel().getByLabelText('I accept the Terms of Service') as HTMLInputElement).checked).toBe(false)
    expect((panel().getByLabelText('I accept the Privacy Policy') as HTMLInputElement).checked).toBe(false)
    expect(screen.queryByRole('alert')).toBeNull()
    await user.click(screen.getByRole('tab', { name: 'Sign In' }))
    expect((panel().getByLabelText('Email') as HTMLInputElement).value).toBe('')
    expect((panel().getByLabelText('Remember me') as HTMLInputElement).checked).toBe(true)
  })
})

describe('returning from the identity provider', () => {
  it('shows Completing sign in..., then finishes the first sign-in and goes where the visitor was headed', async () => {
    let answerSession: () => void = () => undefined
    const sessionReady = new Promise<void>((resolve) => (answerSession = resolve))
    serveAuth({ signedIn: true })
    const original = globalThis.fetch
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/auth/get-session')) await sessionReady
      return original(input, init)
    }) as typeof fetch
    const { router } = renderApp('/auth?oauth=return&redirect=%2Falerts')
    await screen.findByText('Completing sign in...')
    answerSession()
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts'))
    expect(storedUser()).toMatchObject({ email: 'dana@example.com' })
  })

  it('shows the provider’s error description, else the spec message', async () => {
    serveAuth()
    renderApp('/auth?oauth=return&error=access_denied')
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed. Please try again.')
    screen.getByRole('tab', { name: 'Sign In' })
  })
})
