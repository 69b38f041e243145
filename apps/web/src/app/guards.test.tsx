import { render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { signInAs } from '../test/render-app.tsx'
import { RequireAccess, RequirePermission, RequireRole } from './guards.tsx'

/** Where the guard sent us, with the state it left for /auth. */
function Where() {
  const location = useLocation()
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </p>
  )
}

/** `guard` in front of /secret?tab=1#top, with / and /auth showing where we ended up. */
function open(guard: ReactElement) {
  const router = createMemoryRouter(
    [
      { element: guard, children: [{ path: 'secret', element: <h1>Secret page</h1> }] },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/secret?tab=1#top'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

const whereWeAre = () => screen.getByTestId('where').textContent

describe('RequireRole', () => {
  it('sends a signed-out visitor to /auth, remembering where they were going', () => {
    open(<RequireRole role="creator" />)
    expect(whereWeAre()).toBe(
      `/auth?redirect=${encodeURIComponent('/secret?tab=1#top')} ${JSON.stringify({ from: '/secret?tab=1#top' })}`,
    )
  })

  it('lets in a role at or above the rank asked for', () => {
    signInAs('moderator')
    open(<RequireRole role="creator" />)
    screen.getByRole('heading', { name: 'Secret page' })
  })

  it('sends a signed-in person below the rank home', () => {
    signInAs('creator')
    open(<RequireRole role="moderator" />)
    expect(whereWeAre()).toBe('/ null')
  })

  it('treats a malformed stored user as signed out', () => {
    localStorage.setItem('user', '{"id": 7}')
    open(<RequireRole role="user" />)
    expect(whereWeAre()).toMatch(/^\/auth\?redirect=/)
  })
})

describe('RequirePermission', () => {
  it('uses the role’s standard permissions when none are stored', () => {
    signInAs('creator')
    open(<RequirePermission permission="create_pick" />)
    screen.getByRole('heading', { name: 'Secret page' })
  })

  it('sends a moderator home from a create_pick page, though moderators outrank creators', () => {
    signInAs('moderator')
    open(<RequirePermission permission="create_pick" />)
    expect(whereWeAre()).toBe('/ null')
  })

  it('follows a stored permission list over the role’s standard one (spec §6)', () => {
    signInAs('customer', { permissions: ['view_analytics'] })
    open(<RequirePermission permission="view_analytics" />)
    screen.getByRole('heading', { name: 'Secret page' })
  })

  it('sends a signed-out visitor to /auth', () => {
    open(<RequireAccess permission="manage_users" />)
    expect(whereWeAre()).toMatch(/^\/auth\?redirect=%2Fsecret/)
  })
})
