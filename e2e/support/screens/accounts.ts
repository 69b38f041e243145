import { readFileSync } from 'node:fs'
import { expect, type APIRequestContext } from '@playwright/test'
import { codePattern, password } from '../accounts.ts'
import { e2eAdmin } from '../admin.ts'
import { readFromMail } from '../mailbox.ts'
import { ownClientAddress } from '../payments.ts'

/**
 * The screenshot suite's people. Their names and addresses are fixed, since the sidebar and the
 * account pages show them; e2e/screens.setup.ts signs each in for real once per run (the server's
 * database is new every run) and saves the browser state the screenshot tests start from.
 */
export type Viewer = 'visitor' | 'customer' | 'creator' | 'admin'
export type SignedInViewer = Exclude<Viewer, 'visitor'>

export const screenPeople = {
  customer: { name: 'Riley Morgan', email: 'riley.morgan@example.com' },
  creator: { name: 'Jordan Reyes', email: 'jordan.reyes@example.com', username: 'jordan_reyes', sport: 'nba' },
} as const

/** Where the setup project leaves a person's browser state (outside the output folder it empties). */
export function statePath(viewer: SignedInViewer): string {
  return new URL(`../../../test-results/screens-accounts/${viewer}.json`, import.meta.url).pathname
}

/** The local `user` record the web app keeps for a signed-in person (spec §3). */
export interface UserRecord {
  id: string
  email: string
  name: string
  role: string
  profile_picture: string | null
  specialty_sport: string | null
  verified: boolean
}

interface MeAnswerUser extends UserRecord {
  username: string | null
}

export interface BrowserState {
  cookies: Awaited<ReturnType<APIRequestContext['storageState']>>['cookies']
  origins: { origin: string; localStorage: { name: string; value: string }[] }[]
}

async function me(request: APIRequestContext): Promise<MeAnswerUser> {
  const answer = await request.get('/api/me')
  expect(answer.status(), await answer.text()).toBe(200)
  return ((await answer.json()) as { user: MeAnswerUser }).user
}

/** Signs `email` up and verifies it through the mailbox (which signs in), or signs in if it exists. */
async function signUpOrIn(request: APIRequestContext, account: { name: string; email: string }, secret: string) {
  const signUp = await request.post('/api/auth/sign-up/email', { data: { ...account, password: secret } })
  if (signUp.status() === 200) {
    const otp = await readFromMail(request, account.email, codePattern)
    const verify = await request.post('/api/auth/email-otp/verify-email', { data: { email: account.email, otp } })
    expect(verify.status(), await verify.text()).toBe(200)
    return
  }
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email: account.email, password: secret } })
  expect(signIn.status(), await signIn.text()).toBe(200)
}

/**
 * Signs `viewer` in against the real server in `request` (a context of its own) and returns the
 * browser state of that person: the session cookie and the local user record.
 */
export async function signedInState(
  request: APIRequestContext,
  origin: string,
  viewer: SignedInViewer,
): Promise<BrowserState> {
  if (viewer === 'admin') {
    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: e2eAdmin.email, password: e2eAdmin.password },
    })
    expect(signIn.status(), await signIn.text()).toBe(200)
  } else {
    const person = screenPeople[viewer]
    await signUpOrIn(request, { name: person.name, email: person.email }, password)
  }
  let user = await me(request)
  if (viewer === 'creator' && !user.username) {
    const { username, sport } = screenPeople.creator
    const register = await request.post(`/api/users/${user.id}/register-creator`, {
      data: { username, specialtySport: sport },
    })
    expect(register.status(), await register.text()).toBe(201)
    user = await me(request)
  }
  const record: UserRecord = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    profile_picture: user.profile_picture,
    specialty_sport: user.specialty_sport,
    verified: user.verified,
  }
  const { cookies } = await request.storageState()
  return { cookies, origins: [{ origin, localStorage: [{ name: 'user', value: JSON.stringify(record) }] }] }
}

/** Headers for the setup's own request context: an address of its own, and the site as origin. */
export function setupHeaders(origin: string): Record<string, string> {
  return { ...ownClientAddress(), origin }
}

/** The signed-in person's user record, read back from the state the setup saved. */
export function savedUser(viewer: SignedInViewer): UserRecord {
  const state = JSON.parse(readFileSync(statePath(viewer), 'utf8')) as BrowserState
  const raw = state.origins[0]?.localStorage.find((item) => item.name === 'user')?.value
  if (!raw) throw new Error(`${statePath(viewer)} holds no user record; run the screens-setup project`)
  return JSON.parse(raw) as UserRecord
}
