import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { callsTo, failure, serveAuth } from '../../test/fake-auth-api.ts'
import { renderApp } from '../../test/render-app.tsx'

describe('resetting the password', () => {
  it('sets the new password from the e-mailed link, then offers to sign in', async () => {
    const calls = serveAuth()
    const { user } = renderApp('/reset-password?token=tok-1')
    await user.type(await screen.findByLabelText('New Password'), 'Fresh2@Password')
    screen.getByText('Strong')
    await user.type(screen.getByLabelText('Confirm Password'), 'Fresh2@Password')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password has been reset. You can now sign in with your new password.',
    )
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth')
    expect(callsTo(calls, '/api/auth/reset-password')[0]?.body).toEqual({
      token: 'tok-1',
      newPassword: 'Fresh2@Password',
    })
  })

  it('holds the new password to the sign-up rules and the confirmation', async () => {
    const calls = serveAuth()
    const { user } = renderApp('/reset-password?token=tok-1')
    await user.type(await screen.findByLabelText('New Password'), 'fresh2@password')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(screen.getByRole('alert').textContent).toBe('Password must contain at least one uppercase letter')
    expect(screen.getByLabelText('New Password').getAttribute('aria-invalid')).toBe('true')
    await user.clear(screen.getByLabelText('New Password'))
    await user.type(screen.getByLabelText('New Password'), 'Fresh2@Password')
    await user.type(screen.getByLabelText('Confirm Password'), 'Fresh2@Passwor')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match. Please try again.')
    expect(screen.getByLabelText('Confirm Password').getAttribute('aria-invalid')).toBe('true')
    expect(callsTo(calls, '/api/auth/reset-password')).toHaveLength(0)
  })

  it.each(['/reset-password?error=INVALID_TOKEN', '/reset-password'])(
    'says the link is invalid or has expired, and offers a new one (%s)',
    async (route) => {
      serveAuth()
      renderApp(route)
      expect((await screen.findByRole('alert')).textContent).toBe('This reset link is invalid or has expired.')
      expect(screen.queryByLabelText('New Password')).toBeNull()
      expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth')
    },
  )

  it('says so when the server refuses the token', async () => {
    serveAuth((call) =>
      call.path === '/api/auth/reset-password' ? failure(400, 'VALIDATION_FAILED', 'x', 'INVALID_TOKEN') : undefined,
    )
    const { user } = renderApp('/reset-password?token=used')
    await user.type(await screen.findByLabelText('New Password'), 'Fresh2@Password')
    await user.type(screen.getByLabelText('Confirm Password'), 'Fresh2@Password')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    const main = within(screen.getByRole('main'))
    expect((await main.findByRole('alert')).textContent).toBe('This reset link is invalid or has expired.')
  })
})
