import { execFile } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { repoRoot } from './child-processes.ts'

const run = promisify(execFile)
const script = path.join(repoRoot, 'scripts/postgres-sandbox.sh')

export interface PostgresSandbox {
  /** The server's admin URL (database `postgres`). */
  url: string
  /** Stops the server and removes its files. */
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port to listen on')
  return address.port
}

/**
 * A throwaway PostgreSQL server on loopback (scripts/postgres-sandbox.sh), for a test that needs a
 * real server even in the PGlite pass: the two-process test of `npm test`. PostgreSQL must be
 * installed (`apt-get install -y postgresql`, which `.ci/run` does); the script says so if not.
 */
export async function startPostgresSandbox(): Promise<PostgresSandbox> {
  // Under /tmp, not a mkdtemp directory: that is mode 0700 and the `postgres` user could not reach it.
  const dir = `/tmp/picks-test-pg-${process.pid}-${Date.now().toString(36)}`
  const port = await freePort()
  const stop = async () => {
    await run('bash', [script, 'stop', dir], { timeout: 60_000 }).catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const { stdout } = await run('bash', [script, 'start', dir, String(port)], { timeout: 120_000 })
    return { url: stdout.trim(), stop }
  } catch (err) {
    await stop()
    throw new Error(`the PostgreSQL sandbox did not start: ${err instanceof Error ? err.message : String(err)}`)
  }
}
