import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../test/render-app.tsx'
import { failure, serveAuth } from './fake-auth-api.ts'

afterEach(() => {
  localStorage.clear()
})

const password = 'Winning1!Picks'

async function openAuth(route = '/auth') {
  const rendered = renderApp(route)
  await screen.findByRole('tab', { name: 'Sign In' })
  return rendered
}

function panel() {
  return within(screen.getByRole('tabpanel'))
}

describe('signing in', () => {
  it('signs in, keeps the user record and returns to the page the visitor came from', async () => {
    const calls = serveAuth()
    const { user, router } = await openAuth('/auth?redirect=%2Falerts')
    await user.type(panel().getByLabelText('Email'), ' Dana@Example.com ')
    await user.type(panel().getByLabelText('Password'), password)
    await user.click(panel().getByLabelText('Remember me'))
    await user.click(panel().getByRole('button', { name: 'Sign In' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts'))
    expect(calls.find((c) => c.path === '/api/auth/sign-in/email')?.body).toEqual({
      email: 'dana@example.com',
      password,
      rememberMe: false,
    })
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      email: 'dana@example.com',
      role: 'customer',
      verified: true,
    })
  })

  it.each([
    [failure(401, 'UNAUTHENTICATED', 'x', 'INVALID_CREDENTIALS'), 'Invalid email or password. Please try again.'],
    [failure(403, 'FORBIDDEN', 'x', 'EMAIL_NOT_VERIFIED'), 'Please verify your email before logging in.'],
    [
      failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 15 minutes.', 'BLOCKED'),
      'Too many attempts. Please try again in 15 minutes.',
    ],
  ])('shows the spec message for a refused sign-in', async (answer, message) => {
    serveAuth((call) => (call.path === '/api/auth/sign-in/email' ? answer : undefined))
    const { user } = await openAuth()
    await user.type(panel().getByLabelText('Email'), 'dana@example.com')
    await user.type(panel().getByLabelText('Password'), 'Wrong1!pass')
    await user.click(panel().getByRole('button', { name: 'Sign In' }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
  })

  it('keeps a blocked visitor from trying again before the block ends, without asking the server', async () => {
    const calls = serveAuth((call) =>
      call.path === '/api/auth/sign-in/email'
        ? failure(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 15 minutes.', 'BLOCKED')
        : undefined,
    )
    const { user } = await openAuth()
    await user.type(panel().getByLabelText('Email'), 'dana@example.com')
    await user.type(panel().getByLabelText('Password'), password)
    await user.click(panel().getByRole('button', { name: 'Sign In' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again in 15 minutes.')
    await user.click(panel().getByRole('button', { name: 'Sign In' }))
    expect(screen.getByRole('alert').textContent).toMatch(/^Too many attempts\. Please try again in 1[45] minutes\.$/)
    expect(calls.filter((c) => c.path === '/api/auth/sign-in/email')).toHaveLength(1)
  })

  it('asks for a reset link in a dialog, and answers alike whether or not the e-mail has an account', async () => {
    const calls = serveAuth()
    const { user } = await openAuth()
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Reset Password' }))
    await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'nobody.example.com')
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }))
    expect(dialog.getByRole('alert').textContent).toBe('Please enter a valid email address.')

    await user.clear(dialog.getByRole('textbox', { name: 'Email' }))
    await user.type(dialog.getByRole('textbox', { name: 'Email' }), 'nobody@example.com')
    await user.click(dialog.getByRole('button', { name: 'Send Reset Link' }))
    expect((await dialog.findByRole('status')).textContent).toBe(
      "If an account exists with that email, we've sent you a password reset link. Please check your inbox and spam folder.",
    )
    expect(calls.find((c) => c.path === '/api/auth/request-password-reset')?.body).toEqual({
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    })
  })

  it('sends a signed-in visitor on to the shop', async () => {
    serveAuth()
    localStorage.setItem('user', JSON.stringify({ id: 'u-1', email: 'dana@example.com', role: 'customer' }))
    const { router } = renderApp('/auth')
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
  })
})

describe('signing up', () => {
  async function openSignUp() {
    const rendered = await openAuth('/auth?redirect=%2Falerts')
    await rendered.user.click(screen.getByRole('tab', { name: 'Sign Up' }))
    return rendered
  }

  it('checks the spec rules in order, with their exact messages', async () => {
    const calls = serveAuth()
    const { user } = await openSignUp()
    const submit = () => user.click(panel().getByRole('button', { name: 'Create Account' }))
    const alert = () => screen.getByRole('alert').textContent

    await submit()
    expect(alert()).toBe('Full name is required')
    await user.type(panel().getByLabelText('Full Name'), 'Dana Ortiz')
    await user.type(panel().getByLabelText('Email'), 'dana@example.com')
    await user.type(panel().getByLabelText('Password'), 'winning1!')
    await submit()
    expect(alert()).toBe('Password must contain at least one uppercase letter')
    await user.clear(panel().getByLabelText('Password'))
    await user.type(panel().getByLabelText('Password'), password)
    await user.type(panel().getByLabelText('Confirm Password'), 'Winning1!Pick')
    await submit()
    expect(alert()).toBe('Passwords do not match. Please try again.')
    await user.type(panel().getByLabelText('Confirm Password'), 's')
    await submit()
    expect(alert()).toBe('Please accept the Terms of Service and Privacy Policy to continue.')
    expect(calls.some((c) => c.path === '/api/auth/sign-up/email')).toBe(false)
  })

  it('rates the password as the visitor types', async () => {
    serveAuth()
    const { user } = await openSignUp()
    await user.type(panel().getByLabelText('Password'), 'abcdefgh')
    expect(panel().getByText('Weak')).toBeTruthy()
    await user.type(panel().getByLabelText('Password'), 'A1')
    expect(panel().getByText('Medium')).toBeTruthy()
    await user.type(panel().getByLabelText('Password'), '!x')
    expect(panel().getByText('Strong')).toBeTruthy()
  })

  it('opens each agreement in a dialog whose I Understand ticks its box, then goes on to verify the e-mail', async () => {
    const calls = serveAuth()
    const { user, router } = await openSignUp()
    await user.type(panel().getByLabelText('Full Name'), 'Dana Ortiz')
    await user.type(panel().getByLabelText('Email'), 'Dana@Example.com')
    await user.type(panel().getByLabelText('Password'), password)
    await user.type(panel().getByLabelText('Confirm Password'), password)
    for (const doc of ['Terms of Service', 'Privacy Policy']) {
      await user.click(panel().getByRole('button', { name: `Read the ${doc}` }))
      await user.click(within(screen.getByRole('dialog', { name: doc })).getByRole('button', { name: 'I Understand' }))
      expect((panel().getByLabelText(`I accept the ${doc}`) as HTMLInputElement).checked).toBe(true)
    }
    await user.click(panel().getByRole('button', { name: 'Create Account' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'))
    expect(router.state.location.search).toBe('?email=dana%40example.com')
    expect(calls.find((c) => c.path === '/api/auth/sign-up/email')?.body).toEqual({
      name: 'Dana Ortiz',
      email: 'dana@example.com',
      password,
    })
  })

  it('says when the e-mail already has an account', async () => {
    serveAuth((call) =>
      call.path === '/api/auth/sign-up/email'
        ? failure(409, 'CONFLICT', 'An account with this email already exists.', 'ALREADY_REGISTERED')
        : undefined,
    )
    const { user } = await openSignUp()
    await user.type(panel().getByLabelText('Full Name'), 'Dana Ortiz')
    await user.type(panel().getByLabelText('Email'), 'dana@example.com')
    await user.type(panel().getByLabelText('Password'), password)
    await user.type(panel().getByLabelText('Confirm Password'), password)
    await user.click(panel().getByLabelText('I accept the Terms of Service'))
    await user.click(panel().getByLabelText('I accept the Privacy Policy'))
    await user.click(panel().getByRole('button', { name: 'Create Account' }))
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists.')
  })

  it('clears every field, the error and the boxes when the visitor switches tabs', async () => {
    serveAuth()
    const { user } = await openSignUp()
    await user.type(panel().getByLabelText('Full Name'), 'Dana Ortiz')
    await user.click(panel().getByLabelText('I accept the Terms of Service'))
    await user.click(panel().getByRole('button', { name: 'Create Account' }))
    expect(screen.getByRole('alert')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Sign In' }))
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }))
    expect((panel().getByLabelText('Full Name') as HTMLInputElement).value).toBe('')
    expect((panel().getByLabelText('I accept the Terms of Service') as HTMLInputElement).checked).toBe(false)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('verifying the e-mail', () => {
  it('signs the person in with the code and returns them to where they started', async () => {
    const calls = serveAuth()
    const { user, router } = renderApp('/verify-email?email=dana%40example.com&redirect=%2Falerts')
    await user.type(await screen.findByLabelText('Verification code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts'))
    expect(calls.find((c) => c.path === '/api/auth/email-otp/verify-email')?.body).toEqual({
      email: 'dana@example.com',
      otp: '123456',
    })
    expect(localStorage.getItem('user')).toContain('dana@example.com')
  })

  it('explains a wrong code, and sends a new one with a pause before the next', async () => {
    const calls = serveAuth((call) =>
      call.path === '/api/auth/email-otp/verify-email'
        ? failure(400, 'VALIDATION_FAILED', 'x', 'INVALID_CODE')
        : undefined,
    )
    const { user } = renderApp('/verify-email?email=dana%40example.com')
    await user.type(await screen.findByLabelText('Verification code'), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That code is not right. Check the latest e-mail and try again.',
    )
    await user.click(screen.getByRole('button', { name: 'Resend code' }))
    expect((await screen.findByRole('status')).textContent).toBe('We sent a new code to dana@example.com.')
    expect((screen.getByRole('button', { name: /Resend code \(\d+ s\)/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(calls.filter((c) => c.path === '/api/auth/email-otp/send-verification-otp')).toHaveLength(1)
  })
})

describe('resetting the password', () => {
  it('sets the new password from the e-mailed link', async () => {
    const calls = serveAuth()
    const { user } = renderApp('/reset-password?token=tok-1')
    await user.type(await screen.findByLabelText('New Password'), 'Fresh2@Password')
    await user.type(screen.getByLabelText('Confirm Password'), 'Fresh2@Password')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect((await screen.findByRole('status')).textContent).toContain('Your password has been reset.')
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({
      token: 'tok-1',
      newPassword: 'Fresh2@Password',
    })
  })

  it('says when the link is invalid or has expired', async () => {
    serveAuth()
    renderApp('/reset-password?error=INVALID_TOKEN')
    expect(await screen.findByText(/This reset link is invalid or has expired\./)).toBeTruthy()
  })
})
