import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callsTo, failure, serveAuth, serverUser } from '../../test/fake-auth-api.ts'
import { renderApp } from '../../test/render-app.tsx'

afterEach(() => {
  vi.useRealTimers()
})

const page = '/verify-email?email=dana%40example.com'

describe('verifying the e-mail', () => {
  it('shows where the code went, with a one-time-code field', async () => {
    serveAuth()
    renderApp(page)
    await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' })
    screen.getByText('dana@example.com')
    const field = screen.getByLabelText('Verification code')
    expect(field.getAttribute('inputmode')).toBe('numeric')
    expect(field.getAttribute('autocomplete')).toBe('one-time-code')
  })

  it('signs the person in with the code (first sign-in) and returns them to where they started', async () => {
    const calls = serveAuth()
    const { user, router } = renderApp(`${page}&redirect=%2Falerts`)
    await user.type(await screen.findByLabelText('Verification code'), '12a3456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts'))
    expect(callsTo(calls, '/api/auth/email-otp/verify-email')[0]?.body).toEqual({
      email: 'dana@example.com',
      otp: '123456',
    })
    // The sign-in looks the person up once. Once signed in, the session check refreshes the profile
    // after a short debounce and looks them up again; that later lookup comes after its get-session.
    const verified = calls.findIndex((call) => call.path === '/api/auth/email-otp/verify-email')
    const sessionChecked = calls.findIndex((call, i) => i > verified && call.path === '/api/auth/get-session')
    const bySignIn = calls.slice(verified, sessionChecked === -1 ? undefined : sessionChecked)
    expect(callsTo(bySignIn, '/api/users/email/dana@example.com')).toHaveLength(1)
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: serverUser.id, role: 'customer' })
  })

  it('goes to the shop when no origin was remembered', async () => {
    serveAuth()
    const { user, router } = renderApp(page)
    await user.type(await screen.findByLabelText('Verification code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
  })

  it('asks for all six digits before calling', async () => {
    const calls = serveAuth()
    const { user } = renderApp(page)
    await user.type(await screen.findByLabelText('Verification code'), '123')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code from the e-mail.')
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true')
    expect(callsTo(calls, '/api/auth/email-otp/verify-email')).toHaveLength(0)
  })

  it.each([
    ['INVALID_CODE', 'That code is not right. Check the latest e-mail and try again.'],
    ['CODE_EXPIRED', 'That code has expired. Send a new one.'],
    ['TOO_MANY_CODE_ATTEMPTS', 'Too many wrong codes. Send a new one.'],
  ])('explains a refused code (%s)', async (reason, message) => {
    serveAuth((call) =>
      call.path === '/api/auth/email-otp/verify-email' ? failure(400, 'VALIDATION_FAILED', 'x', reason) : undefined,
    )
    const { user } = renderApp(page)
    await user.type(await screen.findByLabelText('Verification code'), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('sends a new code, then waits 30 seconds before the next', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const calls = serveAuth()
    const { user } = renderApp(page)
    await user.click(await screen.findByRole('button', { name: 'Resend code' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('We sent a new code to dana@example.com.'))
    expect(callsTo(calls, '/api/auth/email-otp/send-verification-otp')[0]?.body).toEqual({
      email: 'dana@example.com',
      type: 'email-verification',
    })
    const waiting = screen.getByRole('button', { name: 'Resend code (30 s)' }) as HTMLButtonElement
    expect(waiting.disabled).toBe(true)
    const seconds = async (n: number) => {
      for (let i = 0; i < n; i++) await act(() => vi.advanceTimersByTimeAsync(1_000))
    }
    await seconds(10)
    screen.getByRole('button', { name: 'Resend code (20 s)' })
    await seconds(20)
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows the rate-limit message when codes are sent too often', async () => {
    serveAuth((call) =>
      call.path === '/api/auth/email-otp/send-verification-otp' ? failure(429, 'RATE_LIMITED', 'x') : undefined,
    )
    const { user } = renderApp(page)
    await user.click(await screen.findByRole('button', { name: 'Resend code' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Email service rate limit reached. Please try again in a few minutes.',
    )
  })
})
