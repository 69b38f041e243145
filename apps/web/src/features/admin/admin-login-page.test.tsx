import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeFactor, ok, rightCode, serveAuth } from '../../test/fake-auth-api.ts'
import { createQueryClient } from '../../lib/query-client.ts'
import { renderApp, signInAs } from '../../test/render-app.tsx'

afterEach(() => localStorage.clear())

type Call = { method: string; path: string; body: Record<string, unknown> }

/** The admin endpoints at the fetch boundary, with a status the test chooses. */
function serveAdmin(status: { hasPassword: boolean; verified: boolean } | 403) {
  const calls: Call[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {}
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, body })
      const json = (payload: unknown, code = 200) =>
        new Response(JSON.stringify(payload), { status: code, headers: { 'content-type': 'application/json' } })
      if (url.pathname === '/api/admin/status') {
        return status === 403
          ? json({ error: { code: 'FORBIDDEN', message: 'Administrators only', requestId: 'r' } }, 403)
          : json(status)
      }
      if (url.pathname === '/api/admin/verify-password' && body.password !== 'Admin2@Password') {
        return json(
          { error: { code: 'UNAUTHENTICATED', message: 'That admin password is not right.', requestId: 'r' } },
          401,
        )
      }
      return json({ success: true })
    }),
  )
  return calls
}

describe('the admin login', () => {
  it('asks an administrator for the admin password, then opens the dashboard', async () => {
    signInAs('admin')
    const calls = serveAdmin({ hasPassword: true, verified: false })
    const { user, router } = renderApp('/admin/login')
    await user.type(await screen.findByLabelText('Admin password'), 'Wrong1!password')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect((await screen.findByRole('alert')).textContent).toBe('That admin password is not right.')

    await user.clear(screen.getByLabelText('Admin password'))
    await user.type(screen.getByLabelText('Admin password'), 'Admin2@Password')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'))
    expect(calls.filter((c) => c.path === '/api/admin/set-password')).toHaveLength(0)
  })

  it('has a first administrator choose the admin password, with the sign-up rules', async () => {
    signInAs('admin')
    const calls = serveAdmin({ hasPassword: false, verified: false })
    const { user, router } = renderApp('/admin/login')
    await user.type(await screen.findByLabelText('New admin password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 8 characters long')

    await user.clear(screen.getByLabelText('New admin password'))
    await user.type(screen.getByLabelText('New admin password'), 'Admin2@Password')
    await user.type(screen.getByLabelText('Confirm admin password'), 'Admin2@Password')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'))
    expect(calls.map((c) => c.path).filter((p) => p.endsWith('-password'))).toEqual([
      '/api/admin/set-password',
      '/api/admin/verify-password',
    ])
  })

  it('tells a signed-in customer that the account is not an administrator', async () => {
    signInAs('customer')
    serveAdmin(403)
    renderApp('/admin/login')
    expect((await screen.findByRole('alert')).textContent).toContain('This account is not an administrator.')
  })

  it('answers a signed-in customer at once, asking the server only once', async () => {
    signInAs('customer')
    const calls = serveAdmin(403)
    // The app's own query client, which retries other failed reads.
    renderApp('/admin/login', { queryClient: createQueryClient() })
    expect((await screen.findByRole('alert')).textContent).toContain('This account is not an administrator.')
    expect(calls.filter((c) => c.path === '/api/admin/status')).toHaveLength(1)
  })

  it('asks a visitor to sign in first', async () => {
    serveAdmin({ hasPassword: true, verified: false })
    renderApp('/admin/login')
    await screen.findByText('Sign in with your administrator account.')
    screen.getByLabelText('Email')
  })

  it('asks an administrator with a second factor for its code before the admin password', async () => {
    serveAuth({
      factors: [fakeFactor({ id: 'app-1', factor_type: 'totp' })],
      handler: (call) => (call.path === '/api/admin/status' ? ok({ hasPassword: true, verified: false }) : undefined),
    })
    const { user } = renderApp('/admin/login')
    const form = within((await screen.findByLabelText('Email')).closest('form') as HTMLFormElement)
    await user.type(form.getByLabelText('Email'), 'dana@example.com')
    await user.type(form.getByLabelText('Password'), 'Winning1!Picks')
    await user.click(form.getByRole('button', { name: 'Sign In' }))

    await user.type(await screen.findByLabelText('Verification code'), rightCode)
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await screen.findByLabelText('Admin password')
  })
})
