import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/**
 * A test mailbox for the browser suite: a real SMTP server on loopback that the API delivers to,
 * and a small HTTP endpoint the tests read messages from (like MailHog, in-process).
 */
export interface CapturedMail {
  to: string[]
  raw: string
  receivedAt: string
}

export async function startMailbox({ smtpPort, httpPort }: { smtpPort: number; httpPort: number }) {
  const messages: CapturedMail[] = []

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox')
    if (url.pathname !== '/messages') {
      res.writeHead(404).end()
      return
    }
    const to = url.searchParams.get('to')?.toLowerCase()
    const found = to ? messages.filter((m) => m.to.includes(to)) : messages
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found))
  })
  await new Promise<void>((resolve) => api.listen(httpPort, '127.0.0.1', resolve))

  return {
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      await new Promise<void>((resolve) => api.close(() => resolve()))
    },
  }
}
