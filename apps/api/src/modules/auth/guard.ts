import {
  defaultPermissions,
  hasPermission,
  hasRole,
  toRole,
  type Permission,
  type Role,
  type ServerUser,
} from '@picks/contracts'
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify'
import { AppError } from '../../errors.ts'
import { isWebAppFile } from '../../http/static-web.ts'
import type { AuthIdentity, RequestSession } from './auth.service.ts'

/**
 * Who may call a route: every route declares one in `config.access` (decision 017). The guard
 * enforces it in an `onRequest` hook, before the body is read or validated, so a caller without
 * the right gets 401 or 403 whatever it sends.
 *
 * - `public`: anyone. A handler that answers a signed-in viewer differently asks `viewer(request)`.
 * - `signature`: a provider's or a signed link's call, proved by the signature the handler checks.
 * - `identity`: signed in to the auth library; the server user may not exist yet (OAuth sync).
 * - `secondFactor`: signed in, or half-way through signing in: the password was right and the
 *   library's signed two-factor cookie says so; the handler tells the two apart.
 * - `signedIn`: a signed-in server user.
 * - `creator`, `moderator`: that role's rank or above (spec §6).
 * - `admin`: an administrator who has not necessarily entered the admin password: only the
 *   admin entry itself (status, set and verify the password).
 * - `verifiedAdmin`: an administrator whose session entered the admin password.
 * - `metrics`: the server metrics' scraper, `Authorization: Bearer <METRICS_TOKEN>` when the server
 *   has one, or else a verified admin. A bearer that is not the token is tried as a session, as on
 *   any route: one that is neither is a visitor (401).
 * - `{ permission }`: the role's standard permissions include it (spec §6).
 * - `{ owner: 'params.id' }`: the user the named field identifies (by id, or by e-mail with
 *   `by: 'email'`), or a verified admin. `hide` answers 404 instead of 403 to anyone else, so
 *   nobody learns whether the resource exists. A `body.*` owner is checked once the body is
 *   validated (in `preHandler`); the caller's rank (`role`) is checked first, in `onRequest`.
 * - `{ resource }`: the caller's rank (`role`, default `signedIn`) is checked here; the handler
 *   loads the resource and calls `assertOwner` with its owner (a pick's creator, a plan's creator).
 */
export type Access =
  | 'public'
  | 'signature'
  | 'identity'
  | 'secondFactor'
  | 'signedIn'
  | 'creator'
  | 'moderator'
  | 'admin'
  | 'verifiedAdmin'
  | 'metrics'
  | { permission: Permission }
  | OwnerAccess
  | ResourceAccess

export type OwnerField = `params.${string}` | `query.${string}` | `body.${string}`

export interface OwnerAccess {
  owner: OwnerField
  /** What the field holds: the owner's user id (default) or e-mail. */
  by?: 'id' | 'email'
  /** The rank the caller needs besides being the owner (default `signedIn`). */
  role?: 'signedIn' | 'creator'
  /** Answer 404 rather than 403 to anyone else. */
  hide?: boolean
}

export interface ResourceAccess {
  /** What the handler loads to find the owner, for the reader (and the access matrix test). */
  resource: 'pick' | 'plan' | 'purchase' | 'creator' | 'factor' | 'media' | 'affiliate'
  role?: 'signedIn' | 'creator'
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
}

/** The person calling: who they are to the auth library, their server user, and their powers. */
export interface Caller {
  identity: AuthIdentity
  sessionId: string
  expiresAt: Date
  /** The server user as stored, as shown to the person themselves; null before the OAuth sync. */
  user: ServerUser | null
  /** Whether this session (or the session that minted its access token) entered the admin password. */
  adminVerified: boolean
}

/** A caller with a server user, and `actor`: that user with only the powers this session holds. */
export interface SignedInCaller extends Caller {
  user: ServerUser
  /**
   * The user whose role decides: an administrator's role counts only from a session that entered
   * the admin password; before that, the session has a customer's powers. Pass this, never `user`,
   * to any rule that asks about a role.
   */
  actor: ServerUser
}

export interface GuardDeps {
  /** The session of the cookie, session bearer token or signed access token; null for a visitor. */
  session(request: FastifyRequest): Promise<RequestSession | null>
  /** The server user of an auth identity. */
  userOf(authId: string): Promise<ServerUser | null>
  /** Whether the session entered the admin password (and the verification has not ended). */
  adminVerified(sessionId: string): Promise<boolean>
  /** Whether the request carries a sign-in waiting for its second factor (the library's signed cookie). */
  pendingSecondFactor?(request: FastifyRequest): Promise<boolean>
  /** METRICS_TOKEN: the bearer token that opens `metrics` routes besides a verified admin; null or absent: none. */
  metricsToken?: string | null
}

export interface RouteAccess {
  method: string
  url: string
  access: Access
  /** The route's request and response schemas (zod), for the generated access and fuzz tests. */
  schema: FastifySchema | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, in registration order (the access matrix test reads it). */
    routeAccess: RouteAccess[]
  }
}

const callers = new WeakMap<FastifyRequest, Promise<Caller | null>>()

function resolve(deps: GuardDeps, request: FastifyRequest): Promise<Caller | null> {
  let found = callers.get(request)
  if (!found) {
    found = (async () => {
      const session = await deps.session(request)
      if (!session) return null
      const user = await deps.userOf(session.user.id)
      const adminVerified = user?.role === 'admin' ? await deps.adminVerified(session.sessionId) : false
      return {
        identity: session.user,
        sessionId: session.sessionId,
        expiresAt: session.expiresAt,
        user,
        adminVerified,
      }
    })()
    callers.set(request, found)
  }
  return found
}

// Each app's guard marks its requests with its own dependencies (tests run several apps in one process).
const depsOf = new WeakMap<FastifyRequest, GuardDeps>()

function depsFor(request: FastifyRequest): GuardDeps {
  const deps = depsOf.get(request)
  if (!deps) throw new Error('the access guard is not installed on this app')
  return deps
}

function signedIn(caller: Caller | null): SignedInCaller {
  if (!caller?.user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue', { reason: 'NOT_SIGNED_IN' })
  const user = caller.user
  const actor = user.role === 'admin' && !caller.adminVerified ? { ...user, role: 'customer' as const } : user
  return { ...caller, user, actor }
}

/** The caller of a public route, or null for a visitor. */
export async function viewer(request: FastifyRequest): Promise<SignedInCaller | null> {
  const caller = await resolve(depsFor(request), request)
  return caller?.user ? signedIn(caller) : null
}

/** The signed-in caller (401 for a visitor). On a guarded route the guard has already found them. */
export async function callerOf(request: FastifyRequest): Promise<SignedInCaller> {
  return signedIn(await resolve(depsFor(request), request))
}

/** The auth identity of an `identity` route's caller (401 for a visitor). */
export async function identityOf(request: FastifyRequest): Promise<Caller> {
  const caller = await resolve(depsFor(request), request)
  if (!caller) throw new AppError('UNAUTHENTICATED', 'Sign in to continue', { reason: 'NOT_SIGNED_IN' })
  return caller
}

/** Whether the caller holds an administrator's powers now: an admin whose session entered the admin password. */
export function isVerifiedAdmin(caller: Caller): boolean {
  return caller.user?.role === 'admin' && caller.adminVerified
}

/**
 * For services handed an `actor` (never a stored `user`): whether it holds administrator powers.
 * An actor is an administrator only when its session entered the admin password.
 */
export function actsAsAdmin(actor: Pick<ServerUser, 'role'>): boolean {
  return actor.role === 'admin'
}

/** The caller may act for `ownerId`: it is them, or they are a verified admin. */
export function canActFor(caller: SignedInCaller, ownerId: string): boolean {
  return caller.user.id === ownerId || isVerifiedAdmin(caller)
}

/** For `resource` routes: 403 (`refusal`) unless the caller is the resource's owner or a verified admin. */
export async function assertOwner(request: FastifyRequest, ownerId: string, refusal: string): Promise<SignedInCaller> {
  const caller = await callerOf(request)
  if (canActFor(caller, ownerId)) return caller
  if (caller.user.role === 'admin') throw adminPasswordRequired()
  throw new AppError('FORBIDDEN', refusal)
}

function adminPasswordRequired(): AppError {
  return new AppError('FORBIDDEN', 'Enter the admin password first', { reason: 'ADMIN_PASSWORD_REQUIRED' })
}

const sha256 = (value: string) => createHash('sha256').update(value).digest()

/**
 * Whether the request's bearer token is `token`. Both are hashed first, so the comparison takes the
 * same time whatever the sent value's length or how much of it is right.
 */
function bearerIs(request: FastifyRequest, token: string | null | undefined): boolean {
  const header = request.headers.authorization
  if (!token || typeof header !== 'string') return false
  const sent = /^bearer +(\S+) *$/i.exec(header)?.[1]
  return sent !== undefined && timingSafeEqual(sha256(sent), sha256(token))
}

function requireRank(caller: SignedInCaller, role: Role): void {
  if (hasRole({ role: toRole(caller.actor.role), permissions: [] }, role)) return
  // An administrator who has not entered the admin password is told what to do about it.
  if (caller.user.role === 'admin') throw adminPasswordRequired()
  if (role === 'creator') throw new AppError('FORBIDDEN', 'Only creators can do this', { reason: 'NOT_A_CREATOR' })
  throw new AppError('FORBIDDEN', `Only for the ${role} role and above`)
}

function fieldValue(request: FastifyRequest, field: OwnerField): unknown {
  const [where, name] = field.split('.') as ['params' | 'query' | 'body', string]
  const source = request[where] as Record<string, unknown> | undefined
  return source && typeof source === 'object' ? source[name] : undefined
}

function checkOwner(request: FastifyRequest, caller: SignedInCaller, access: OwnerAccess): void {
  const value = fieldValue(request, access.owner)
  const mine = access.by === 'email' ? caller.user.email : caller.user.id
  const own = typeof value === 'string' && value.trim().toLowerCase() === mine.toLowerCase()
  if (own || isVerifiedAdmin(caller)) return
  if (access.hide) throw new AppError('NOT_FOUND', 'Not found')
  if (caller.user.role === 'admin') throw adminPasswordRequired()
  throw new AppError('FORBIDDEN', 'You can only do this for your own account')
}

/** Enforces `access` for a request (onRequest): everything but a `body.*` owner, which waits for the body. */
async function enforce(request: FastifyRequest, access: Access): Promise<void> {
  if (access === 'public' || access === 'signature') return
  if (access === 'identity') {
    await identityOf(request)
    return
  }
  if (access === 'secondFactor') {
    if (await resolve(depsFor(request), request)) return
    if (await depsFor(request).pendingSecondFactor?.(request)) return
    throw new AppError('UNAUTHENTICATED', 'Sign in to continue', { reason: 'NOT_SIGNED_IN' })
  }
  if (access === 'metrics' && bearerIs(request, depsFor(request).metricsToken)) return
  const caller = await callerOf(request)
  if (access === 'signedIn') return
  if (access === 'creator' || access === 'moderator') return requireRank(caller, access)
  if (access === 'admin' || access === 'verifiedAdmin' || access === 'metrics') {
    if (caller.user.role !== 'admin') throw new AppError('FORBIDDEN', 'Administrators only')
    if (access !== 'admin' && !caller.adminVerified) throw adminPasswordRequired()
    return
  }
  if ('permission' in access) {
    const role = toRole(caller.actor.role)
    if (hasPermission({ role, permissions: defaultPermissions[role] }, access.permission)) return
    if (caller.user.role === 'admin') throw adminPasswordRequired()
    throw new AppError('FORBIDDEN', `You need the ${access.permission} permission for this`)
  }
  if (access.role === 'creator') requireRank(caller, 'creator')
  if ('owner' in access && !access.owner.startsWith('body.')) checkOwner(request, caller, access)
}

/**
 * Installs the guard on `app` before any route is added: a route without `config.access` fails
 * start-up, and every request meets its route's declaration before its body is parsed.
 */
export function installGuard(app: FastifyInstance, deps: GuardDeps): void {
  const routes: RouteAccess[] = []
  app.decorate('routeAccess', routes)
  app.addHook('onRoute', (route) => {
    const url = route.url
    // The web app's files cannot declare (a plugin registers them); they are public. So are the API
    // documentation's routes, registered before the guard is installed.
    if (route.config?.access === undefined && isWebAppFile(route.config)) {
      route.config = { ...route.config, access: 'public' }
    }
    const access = route.config?.access
    if (access === undefined) {
      throw new Error(`${String(route.method)} ${url} declares no access (config.access); see modules/auth/guard.ts`)
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url, access, schema: route.schema })
    }
  })
  app.addHook('onRequest', async (request) => {
    depsOf.set(request, deps)
    const access = request.routeOptions.config.access
    if (access !== undefined) await enforce(request, access)
  })
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access
    if (access === undefined || typeof access === 'string' || !('owner' in access)) return
    if (access.owner.startsWith('body.')) checkOwner(request, await callerOf(request), access)
  })
}

/** Whether a declaration lets a visitor in (the route then answers no 401 or 403 of the guard's). */
export function isOpen(access: Access): boolean {
  return access === 'public' || access === 'signature'
}
