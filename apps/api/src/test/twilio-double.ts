import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A stand-in for Twilio's Messages API on 127.0.0.1, for the official SDK in tests: it answers
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` as Twilio does (HTTP Basic auth with the
 * account sid and auth token, form fields `To`, `From`, `Body`, `StatusCallback`; 201 with the
 * message resource and a fresh `SM…` sid), with Twilio's error body `{ code, message, more_info,
 * status }` for what it refuses or what a test tells it to refuse. Nothing leaves the machine.
 */

export interface TwilioErrorBody {
  code: number
  message: string
  more_info: string
  status: number
}

/** An answer to give instead of accepting a message. */
export interface TwilioFailure {
  status: number
  code: number
  message: string
}

/** Twilio's own answers for the failures the tests need. */
export const twilioFailures = {
  /** The number cannot receive texts: permanent. */
  invalidNumber: { status: 400, code: 21211, message: "The 'To' number is not a valid phone number." },
  /** The number replied STOP to our Twilio number: permanent. */
  unsubscribed: { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  /** Twilio's own trouble: passing. */
  serverError: { status: 500, code: 20500, message: 'Internal Server Error' },
  /** Too many requests at once: passing. */
  tooManyRequests: { status: 429, code: 20429, message: 'Too Many Requests' },
} as const satisfies Record<string, TwilioFailure>

export interface TwilioRequest {
  method: string
  path: string
  /** The form fields posted. */
  fields: Record<string, string>
  /** The status it was answered with. */
  status: number
}

export interface TwilioMessage {
  sid: string
  to: string
  from: string
  body: string
  statusCallback: string | null
}

export interface TwilioDouble {
  /** Give to the SDK (`client.api.baseUrl`, or the sender's `baseUrl`). */
  baseUrl: string
  accountSid: string
  authToken: string
  /** Every request answered, in order, accepted or not. */
  requests: TwilioRequest[]
  /** Every message accepted, in order. */
  messages: TwilioMessage[]
  /** How many messages to `to` were accepted. */
  sentTo(to: string): number
  /** Refuses every message to `to` with `failure` until the failures are cleared. */
  failFor(to: string, failure: TwilioFailure): void
  /** Refuses the next `times` messages, whoever they are to, with `failure` (before `failFor`). */
  failNext(failure: TwilioFailure, times?: number): void
  /** Forgets the failures not used up. */
  clearFailures(): void
  /** Forgets requests, messages and failures. */
  reset(): void
  close(): Promise<void>
}

const moreInfo = (code: number) => `https://www.twilio.com/docs/errors/${code}`
const e164 = /^\+[1-9]\d{7,14}$/

export async function startTwilioDouble(
  options: { accountSid?: string; authToken?: string } = {},
): Promise<TwilioDouble> {
  const accountSid = options.accountSid ?? `AC${'1'.repeat(32)}`
  const authToken = options.authToken ?? 'token'
  const requests: TwilioRequest[] = []
  const messages: TwilioMessage[] = []
  const failuresFor = new Map<string, TwilioFailure>()
  let next: { failure: TwilioFailure; times: number }[] = []
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`

  function answer(res: ServerResponse, status: number, body: object): number {
    res.statusCode = status
    res.setHeader('content-type', 'application/json; charset=utf-8')
    res.end(JSON.stringify(body))
    return status
  }

  function refuse(res: ServerResponse, failure: TwilioFailure): number {
    const body: TwilioErrorBody = {
      code: failure.code,
      message: failure.message,
      more_info: moreInfo(failure.code),
      status: failure.status,
    }
    return answer(res, failure.status, body)
  }

  function handle(req: IncomingMessage, res: ServerResponse, fields: Record<string, string>): number {
    const path = (req.url ?? '').split('?')[0] ?? ''
    if (req.headers.authorization !== expectedAuth) {
      return refuse(res, { status: 401, code: 20003, message: 'Authenticate' })
    }
    if (req.method !== 'POST' || path !== messagesPath) {
      return refuse(res, { status: 404, code: 20404, message: `The requested resource ${path} was not found` })
    }
    const to = fields.To ?? ''
    if (!to) return refuse(res, { status: 400, code: 21604, message: "A 'To' phone number is required." })
    if (!fields.From) return refuse(res, { status: 400, code: 21603, message: "A 'From' phone number is required." })
    if (!fields.Body) return refuse(res, { status: 400, code: 21602, message: 'Message body is required.' })
    if (!e164.test(to))
      return refuse(res, {
        ...twilioFailures.invalidNumber,
        message: `The 'To' number ${to} is not a valid phone number.`,
      })
    const queued = next[0]
    if (queued) {
      queued.times -= 1
      if (queued.times <= 0) next = next.slice(1)
      return refuse(res, queued.failure)
    }
    const forNumber = failuresFor.get(to)
    if (forNumber) return refuse(res, forNumber)

    const sid = `SM${randomBytes(16).toString('hex')}`
    messages.push({ sid, to, from: fields.From, body: fields.Body, statusCallback: fields.StatusCallback ?? null })
    const now = new Date().toUTCString().replace('GMT', '+0000')
    return answer(res, 201, {
      sid,
      account_sid: accountSid,
      to,
      from: fields.From,
      body: fields.Body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      num_media: '0',
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
      api_version: '2010-04-01',
      date_created: now,
      date_updated: now,
      date_sent: null,
      messaging_service_sid: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
    })
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      const status = handle(req, res, fields)
      requests.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0] ?? '', fields, status })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    requests,
    messages,
    sentTo: (to) => messages.filter((m) => m.to === to).length,
    failFor(to, failure) {
      failuresFor.set(to, failure)
    },
    failNext(failure, times = 1) {
      next.push({ failure, times })
    },
    clearFailures() {
      failuresFor.clear()
      next = []
    },
    reset() {
      requests.length = 0
      messages.length = 0
      failuresFor.clear()
      next = []
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps its connections alive; close them so the server can stop now.
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
