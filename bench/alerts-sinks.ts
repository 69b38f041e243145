/**
 * The alert benchmark's receiving end, in a process of its own so that parsing SMTP sessions and
 * HTTP requests does not take CPU from the sender being measured: a real SMTP server and a double
 * of Twilio's Messages API (apps/api/src/test/smtp-sink.ts), each counting messages per recipient.
 *
 * env: SMTP_PORT, SMS_PORT, PORT (this control server: GET /ready, GET /counts with the CPU time used)
 */
import http from 'node:http'
import { startSmsSink, startSmtpSink } from '../apps/api/src/test/smtp-sink.ts'

const port = Number(process.env.PORT)
const smtpPort = Number(process.env.SMTP_PORT)
const smsPort = Number(process.env.SMS_PORT)
if (!port || !smtpPort || !smsPort) {
  console.error('alerts-sinks: PORT, SMTP_PORT and SMS_PORT are required')
  process.exit(2)
}

const smtp = await startSmtpSink({ port: smtpPort })
const sms = await startSmsSink({ port: smsPort })

const server = http.createServer((req, res) => {
  const send = (body: object) => {
    // No keep-alive: the benchmark's event loop may be busy (PGlite runs in it) when this server
    // would close an idle connection, and a reused half-closed socket fails the next request.
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' })
    res.end(JSON.stringify(body))
  }
  if (req.url === '/ready') {
    send({ smtpUrl: smtp.url, smsBaseUrl: sms.baseUrl, accountSid: sms.accountSid, authToken: sms.authToken })
  } else if (req.url === '/counts') {
    const cpu = process.cpuUsage()
    send({ email: smtp.counts(), sms: sms.counts(), cpuMs: (cpu.user + cpu.system) / 1000 })
  } else {
    res.writeHead(404).end()
  }
})
server.listen(port, '127.0.0.1')

const shutdown = () => {
  server.close()
  void Promise.all([smtp.close(), sms.close()]).finally(() => process.exit(0))
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
