import type {
  ChannelStats,
  CreatorAlertPreference,
  CreatorSubscriber,
  DeliveryLogEntry,
  DeliveryMethod,
  ServerUser,
  SmsStatus,
} from '@picks/contracts'
import {
  notificationMessages,
  pendingDeliveryStatuses,
  type NotificationChannel,
  type StatsTimeframe,
} from '@picks/contracts/client'
import { apiError, creatorUserId, customer, json } from './fake-creator-api.ts'
import { stubFetch, type FakeCall } from './fake-fetch.ts'

/**
 * Test double of the pick-alert endpoints (spec §7 "SMS and e-mail", delivery methods), with the
 * account's `/me` and phone check that `/alerts` reuses, installed at the fetch boundary. It keeps
 * state like the server does and applies the rules the pages react to: texts need a verified
 * phone, test e-mails go only to the creator's own address, a creator with no delivery method
 * offers both channels, Send Batch Now sends what is queued.
 */

type Reply = Response | Promise<Response> | undefined

export const alertsUserId = '00000000-0000-4000-8000-0000000000d1'
export const rightPhoneCode = '123456'

let number = 0
function nextId(block: string): string {
  number += 1
  return `00000000-0000-4000-${block}-${String(number).padStart(12, '0')}`
}

/** An ISO time `minutes` before now. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString()
}

export function aDelivery(overrides: Partial<DeliveryLogEntry> = {}): DeliveryLogEntry {
  const status = overrides.status ?? 'sent'
  const createdAt = overrides.createdAt ?? minutesAgo(30)
  return {
    id: nextId('b000'),
    channel: 'sms',
    kind: 'pick',
    status,
    destination: '+1•••••4567',
    recipientName: 'Dana Ortiz',
    pickId: '00000000-0000-4000-c000-000000000001',
    summary: 'Celtics -3.5 · Lakers @ Celtics',
    preview: 'Casey Lines: Celtics -3.5 · Lakers @ Celtics',
    segments: 1,
    attempts: status === 'queued' ? 0 : 1,
    error: null,
    providerId: status === 'queued' || status === 'sending' ? null : 'SM123',
    createdAt,
    sentAt: status === 'sent' || status === 'delivered' ? createdAt : null,
    deliveredAt: status === 'delivered' ? createdAt : null,
    failedAt: status === 'failed' ? createdAt : null,
    nextAttemptAt: status === 'queued' ? minutesAgo(-5) : null,
    ...overrides,
  }
}

export function aCreatorPreference(overrides: Partial<CreatorAlertPreference> = {}): CreatorAlertPreference {
  return {
    userId: alertsUserId,
    creatorId: creatorUserId,
    creatorName: 'Casey Lines',
    creatorUsername: 'CaseyLines',
    profilePicture: '🏀',
    relationship: 'subscriber',
    enabled: true,
    smsEnabled: true,
    offers: ['email', 'sms'],
    ...overrides,
  }
}

export function aSubscriber(overrides: Partial<CreatorSubscriber> = {}): CreatorSubscriber {
  return {
    userId: nextId('d000'),
    name: 'Dana Ortiz',
    profilePicture: null,
    relationship: 'subscriber',
    planName: 'Monthly picks',
    accessEndsAt: '2026-12-01T12:00:00.000Z',
    emailEnabled: true,
    smsEnabled: true,
    emailReachable: true,
    smsReachable: true,
    ...overrides,
  }
}

export function aMethod(method: NotificationChannel, isActive: boolean): DeliveryMethod {
  return {
    id: nextId('e000'),
    creatorId: creatorUserId,
    method,
    isActive,
    createdAt: '2026-11-01T12:00:00.000Z',
    updatedAt: '2026-11-01T12:00:00.000Z',
  }
}

export interface FakePhone {
  phone: string | null
  verified: boolean
  optedOut: boolean
}

export interface FakeAlertsState {
  /** The signed-in person (their own alerts). */
  userId: string
  phone: FakePhone
  smsEnabled: boolean
  emailEnabled: boolean
  creators: CreatorAlertPreference[]
  received: DeliveryLogEntry[]
  /** The texts sent to the person (`GET /sms/logs/{id}`): picks and the answers to STOP and HELP. */
  texts: DeliveryLogEntry[]
  /** The signed-in creator (their audience and deliveries). */
  creatorId: string
  creatorEmail: string
  methods: DeliveryMethod[]
  subscribers: CreatorSubscriber[]
  reachable: Record<NotificationChannel, number>
  /** The creator's deliveries, both channels. */
  logs: DeliveryLogEntry[]
}

const timeframeMs: Record<StatsTimeframe, number> = {
  '24h': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
  '90d': 90 * 24 * 3_600_000,
  all: Number.POSITIVE_INFINITY,
}

function smsStatusOf(state: FakeAlertsState): SmsStatus {
  const { phone } = state
  const reason: SmsStatus['reason'] = !phone.phone
    ? 'no_phone'
    : !phone.verified
      ? 'phone_unverified'
      : phone.optedOut
        ? 'opted_out'
        : !state.smsEnabled
          ? 'disabled'
          : null
  return {
    userId: state.userId,
    smsEnabled: state.smsEnabled,
    phone: phone.phone,
    phoneVerified: phone.verified,
    optedOut: phone.optedOut,
    canReceive: reason === null,
    reason,
  }
}

function statsOf(state: FakeAlertsState, channel: NotificationChannel, timeframe: StatsTimeframe): ChannelStats {
  const since = Date.now() - timeframeMs[timeframe]
  const rows = state.logs.filter((d) => d.channel === channel && d.kind === 'pick' && Date.parse(d.createdAt) >= since)
  const count = (...statuses: DeliveryLogEntry['status'][]) => rows.filter((d) => statuses.includes(d.status)).length
  const pending = count('queued', 'sending')
  const finished = rows.length - pending
  const sentAt = rows.map((d) => d.sentAt).filter((at): at is string => at !== null)
  return {
    creatorId: state.creatorId,
    channel,
    timeframe,
    reachable: state.reachable[channel],
    total: rows.length,
    pending,
    sent: count('sent'),
    delivered: count('delivered'),
    failed: count('failed'),
    successRate: finished === 0 ? null : (count('sent') + count('delivered')) / finished,
    lastSentAt: sentAt.sort().at(-1) ?? null,
  }
}

/**
 * Answers the alert calls it knows from `state` (and changes it as the server would); undefined
 * for any other call, so that it can sit beside another fake.
 */
export function alertsAnswer(state: FakeAlertsState, call: FakeCall): Response | undefined {
  const { method, path } = call
  const body = (typeof call.body === 'object' && call.body !== null ? call.body : {}) as Record<string, unknown>
  let match: RegExpExecArray | null
  const forbidden = () => apiError(403, 'FORBIDDEN', 'You can only see your own alerts')
  const me: ServerUser = {
    ...customer,
    id: state.userId,
    phone: state.phone.phone,
    phone_verified: state.phone.verified,
  }

  if (path === '/api/me' && method === 'GET') return json({ user: me, admin_entry: false })
  if (path === '/api/users/me/phone' && method === 'POST') {
    state.phone = { phone: String(body.phone), verified: false, optedOut: false }
    return json({ sent: true }, 202)
  }
  if (path === '/api/users/me/phone/verify' && method === 'POST') {
    if (body.code !== rightPhoneCode) {
      return apiError(400, 'VALIDATION_FAILED', 'That code is not right', { reason: 'WRONG_CODE' })
    }
    state.phone = { ...state.phone, verified: true }
    return json({ user: { ...me, phone: state.phone.phone, phone_verified: true } })
  }

  if ((match = /^\/api\/sms\/status\/([^/]+)$/.exec(path)) && method === 'GET') {
    return match[1] === state.userId ? json(smsStatusOf(state)) : forbidden()
  }
  if ((path === '/api/sms/subscribe' || path === '/api/sms/unsubscribe') && method === 'POST') {
    if (body.userId !== undefined && body.userId !== state.userId) return forbidden()
    const on = path === '/api/sms/subscribe'
    if (on && !state.phone.verified) {
      const message = notificationMessages.phoneNotVerified
      return apiError(400, 'VALIDATION_FAILED', message, { details: [{ field: 'phone', message }] })
    }
    state.smsEnabled = on
    return json(smsStatusOf(state))
  }
  if ((match = /^\/api\/sms\/preferences\/([^/]+)$/.exec(path))) {
    if (match[1] !== state.userId) return forbidden()
    if (method === 'PUT') {
      if (typeof body.emailEnabled === 'boolean') state.emailEnabled = body.emailEnabled
      if (typeof body.smsEnabled === 'boolean') state.smsEnabled = body.smsEnabled
    }
    return json({ userId: state.userId, smsEnabled: state.smsEnabled, emailEnabled: state.emailEnabled })
  }
  if ((match = /^\/api\/email-preferences\/([^/]+)\/all$/.exec(path)) && method === 'GET') {
    return match[1] === state.userId ? json({ preferences: state.creators }) : forbidden()
  }
  if ((match = /^\/api\/email-preferences\/([^/]+)\/creator\/([^/]+)$/.exec(path)) && method === 'GET') {
    if (match[1] !== state.userId) return forbidden()
    const preference = state.creators.find((p) => p.creatorId === match?.[2])
    if (!preference) return apiError(404, 'NOT_FOUND', 'Creator not found')
    return json({ userId: state.userId, creatorId: preference.creatorId, enabled: preference.enabled })
  }
  if ((match = /^\/api\/email-preferences\/([^/]+)\/creator\/([^/]+)$/.exec(path)) && method === 'PUT') {
    if (match[1] !== state.userId) return forbidden()
    const creatorId = match[2]
    const preference = state.creators.find((p) => p.creatorId === creatorId)
    if (!preference) return apiError(404, 'NOT_FOUND', 'Creator not found')
    preference.enabled = body.enabled === true
    return json({ userId: state.userId, creatorId, enabled: preference.enabled })
  }
  if ((match = /^\/api\/creator\/subscribers\/([^/]+)\/notifications$/.exec(path)) && method === 'PUT') {
    if (match[1] !== state.userId) return forbidden()
    const preference = state.creators.find((p) => p.creatorId === body.creatorId)
    if (!preference) return apiError(404, 'NOT_FOUND', 'Creator not found')
    preference.enabled = body.emailEnabled === true
    preference.smsEnabled = body.smsEnabled === true
    return json({
      userId: state.userId,
      creatorId: preference.creatorId,
      smsEnabled: preference.smsEnabled,
      emailEnabled: preference.enabled,
    })
  }
  if ((match = /^\/api\/alerts\/received\/([^/]+)$/.exec(path)) && method === 'GET') {
    if (match[1] !== state.userId) return forbidden()
    const limit = Number(call.search.get('limit') ?? 50)
    return json({ deliveries: state.received.slice(0, limit) })
  }
  if ((match = /^\/api\/sms\/logs\/([^/]+)$/.exec(path)) && method === 'GET') {
    if (match[1] !== state.userId) return forbidden()
    const limit = Number(call.search.get('limit') ?? 50)
    return json({ deliveries: state.texts.slice(0, limit) })
  }

  // The creator's side.
  const ownCreator = (id: string | undefined) => id === state.creatorId
  if ((match = /^\/api\/delivery-methods\/([^/]+)$/.exec(path)) && method === 'GET') {
    const rows = state.methods
    const offered: NotificationChannel[] =
      rows.length === 0 ? ['email', 'sms'] : rows.filter((m) => m.isActive).map((m) => m.method)
    return json({ creatorId: match[1], methods: rows, offered })
  }
  if (path === '/api/delivery-methods' && method === 'POST') {
    if (!ownCreator(String(body.creatorId))) return forbidden()
    const channel = body.method as NotificationChannel
    if (state.methods.some((m) => m.method === channel)) {
      return apiError(409, 'CONFLICT', notificationMessages.deliveryMethodExists)
    }
    const row = aMethod(channel, body.isActive !== false)
    state.methods.push(row)
    return json(row, 201)
  }
  if ((match = /^\/api\/delivery-methods\/([^/]+)$/.exec(path)) && method === 'PUT') {
    const row = state.methods.find((m) => m.id === match?.[1])
    if (!row) return apiError(404, 'NOT_FOUND', 'Delivery method not found')
    row.isActive = body.isActive === true
    return json(row)
  }
  if ((match = /^\/api\/delivery-methods\/([^/]+)$/.exec(path)) && method === 'DELETE') {
    const index = state.methods.findIndex((m) => m.id === match?.[1])
    if (index < 0) return apiError(404, 'NOT_FOUND', 'Delivery method not found')
    state.methods.splice(index, 1)
    return new Response(null, { status: 204 })
  }
  if ((match = /^\/api\/creator\/subscribers\/([^/]+)$/.exec(path)) && method === 'GET') {
    if (!ownCreator(match[1])) return forbidden()
    return json({ subscribers: state.subscribers, total: state.subscribers.length })
  }
  if ((match = /^\/api\/(?:sms\/creator-stats|creator\/email-stats)\/([^/]+)$/.exec(path)) && method === 'GET') {
    if (!ownCreator(match[1])) return forbidden()
    const channel: NotificationChannel = path.startsWith('/api/sms/') ? 'sms' : 'email'
    const timeframe = (call.search.get('timeframe') ?? '30d') as StatsTimeframe
    return json(statsOf(state, channel, timeframe))
  }
  if ((match = /^\/api\/sms\/creator-logs\/([^/]+)$/.exec(path)) && method === 'GET') {
    if (!ownCreator(match[1])) return forbidden()
    const channel = call.search.get('channel') ?? 'sms'
    const withPending = call.search.get('includePending') === 'true'
    const limit = Number(call.search.get('limit') ?? 50)
    const deliveries = state.logs
      .filter((d) => d.channel === channel && (withPending || !pendingDeliveryStatuses.includes(d.status)))
      .slice(0, limit)
    return json({ deliveries })
  }
  if ((match = /^\/api\/sms\/send-batch-now\/([^/]+)$/.exec(path)) && method === 'POST') {
    if (!ownCreator(match[1])) return forbidden()
    const now = new Date().toISOString()
    let flushed = 0
    state.logs = state.logs.map((d) => {
      if (d.status !== 'queued') return d
      flushed += 1
      return { ...d, status: 'sent', attempts: d.attempts + 1, sentAt: now, nextAttemptAt: null, providerId: 'SM9' }
    })
    return json({ creatorId: state.creatorId, flushed })
  }
  if (path === '/api/test-email' && method === 'POST') {
    if (String(body.email).toLowerCase() !== state.creatorEmail) {
      const message = notificationMessages.testEmailOwnAddressOnly
      return apiError(400, 'VALIDATION_FAILED', message, { details: [{ field: 'email', message }] })
    }
    const delivery = aDelivery({
      channel: 'email',
      kind: 'test',
      destination: state.creatorEmail,
      recipientName: null,
      summary: null,
      preview: 'Test: your pick e-mail',
      segments: null,
      createdAt: new Date().toISOString(),
    })
    state.logs.unshift(delivery)
    return json({ deliveryId: delivery.id, status: delivery.status })
  }
  return undefined
}

export function alertsState(initial: Partial<FakeAlertsState> = {}): FakeAlertsState {
  return {
    userId: alertsUserId,
    phone: { phone: '+15551234567', verified: true, optedOut: false },
    smsEnabled: true,
    emailEnabled: true,
    creators: [],
    received: [],
    texts: [],
    creatorId: creatorUserId,
    creatorEmail: 'casey@example.com',
    methods: [],
    subscribers: [],
    reachable: { email: 0, sms: 0 },
    logs: [],
    ...initial,
  }
}

/**
 * Installs the fake alone. `override` may answer a call itself (an error, a hang); returning
 * undefined lets the fake answer. Returns the calls made and the live state.
 */
export function serveAlertsApi(
  initial: Partial<FakeAlertsState> = {},
  override?: (call: FakeCall) => Reply,
): { calls: FakeCall[]; state: FakeAlertsState } {
  const state = alertsState(initial)
  const calls: FakeCall[] = []
  stubFetch(
    calls,
    (call) => alertsAnswer(state, call) ?? apiError(404, 'NOT_FOUND', `Route ${call.method} ${call.path} not found`),
    override,
  )
  return { calls, state }
}

export { callsTo } from './fake-fetch.ts'
