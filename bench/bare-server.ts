/**
 * The baseline: a bare node:http server that answers each benchmarked path with the exact bytes
 * and content-type the API returned for it. Runs as its own process, like the API, so that
 * neither server shares an event loop with autocannon.
 *
 * env: PORT, BARE_RESPONSES (path of a JSON file: { [pathAndQuery]: { contentType, bodyBase64 } })
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'

interface StoredResponse {
  contentType: string
  bodyBase64: string
}

const port = Number(process.env.PORT)
const file = process.env.BARE_RESPONSES
if (!port || !file) {
  console.error('bare-server: PORT and BARE_RESPONSES are required')
  process.exit(2)
}
const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, StoredResponse>
const responses = new Map(
  Object.entries(stored).map(([url, r]) => {
    const body = Buffer.from(r.bodyBase64, 'base64')
    return [url, { body, headers: { 'content-type': r.contentType, 'content-length': String(body.length) } }] as const
  }),
)

const server = http.createServer((req, res) => {
  if (req.url === '/ready') {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('ok')
    return
  }
  const response = responses.get(req.url ?? '')
  if (!response) {
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('not found')
    return
  }
  res.writeHead(200, response.headers)
  res.end(response.body)
})
server.keepAliveTimeout = 72_000
server.listen(port, '127.0.0.1')
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
