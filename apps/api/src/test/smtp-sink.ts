import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * Counting sinks for the exactly-once test and the alerts benchmark: a real SMTP server on
 * 127.0.0.1 that accepts every message and counts it per RCPT TO address, and a minimal stand-in
 * for Twilio's Messages API (what `createTwilioSmsSender` calls through the official SDK) that
 * counts each accepted text per `To` number. A count above one is a duplicate. Neither keeps the
 * messages themselves, so a benchmark can push hundreds of thousands through them.
 */

export interface SinkCounts {
  /** Messages accepted. */
  messages: number
  /** Distinct recipients among them. */
  recipients: number
  /** Messages beyond the first for the same recipient: must be 0. */
  duplicates: number
}

export interface CountingSink {
  /** Messages accepted per recipient (lowercased e-mail address, or E.164 number). */
  readonly perRecipient: ReadonlyMap<string, number>
  counts(): SinkCounts
  close(): Promise<void>
}

export interface SmtpSink extends CountingSink {
  /** Pass as SMTP_URL (plain SMTP on loopback). */
  url: string
}

export interface SmsSink extends CountingSink {
  /** Pass as the Twilio sender's `baseUrl`. */
  baseUrl: string
  /** The only credentials it accepts (HTTP Basic, as the SDK sends them). */
  accountSid: string
  authToken: string
}

function counter() {
  const perRecipient = new Map<string, number>()
  let messages = 0
  return {
    perRecipient,
    add(recipient: string) {
      messages += 1
      perRecipient.set(recipient, (perRecipient.get(recipient) ?? 0) + 1)
    },
    counts(): SinkCounts {
      return { messages, recipients: perRecipient.size, duplicates: messages - perRecipient.size }
    },
  }
}

/** A real SMTP server (smtp-server) on 127.0.0.1; `port` 0 lets the OS choose. */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const count = counter()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      // The body is read and dropped: only the envelope says who the message is for.
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) count.add(rcpt.address.toLowerCase())
        callback()
      })
      stream.resume()
    },
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    perRecipient: count.perRecipient,
    counts: count.counts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function twilioError(res: ServerResponse, status: number, code: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }))
}

/**
 * Twilio's `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` on 127.0.0.1: checks the
 * account's credentials and the form's `To`, `From` and `Body`, counts the text and answers 201
 * with a message resource (`sid` SM + 32 hex digits, status `queued`), as Twilio does.
 */
export async function startSmsSink(options: { port?: number } = {}): Promise<SmsSink> {
  const count = counter()
  const accountSid = `AC${'5'.repeat(32)}`
  const authToken = 'sms-sink-auth-token'
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    if (req.method !== 'POST' || req.url !== messagesPath) {
      twilioError(res, 404, 20404, 'The requested resource was not found')
      return
    }
    if (req.headers.authorization !== expectedAuth) {
      twilioError(res, 401, 20003, 'Authentication Error - invalid username')
      return
    }
    const form = new URLSearchParams(raw)
    const to = form.get('To') ?? ''
    const from = form.get('From') ?? ''
    const body = form.get('Body') ?? ''
    if (!/^\+[1-9]\d{7,14}$/.test(to)) {
      twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`)
      return
    }
    if (!from || !body) {
      twilioError(res, 400, 21602, 'Message body and From are required.')
      return
    }
    count.add(to)
    const now = new Date().toUTCString()
    res.writeHead(201, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        sid: `SM${randomBytes(16).toString('hex')}`,
        account_sid: accountSid,
        to,
        from,
        body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: now,
        date_updated: now,
        uri: `${messagesPath.replace('.json', '')}/${to}.json`,
      }),
    )
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')))
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    perRecipient: count.perRecipient,
    counts: count.counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
