import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const serverEntry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts')
const dataDirs: string[] = []

function startServer(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
  })
}

/**
 * Resolves with the server's URL once it logs that it is ready. The bound only turns a hang into a
 * readable failure: a first start migrates, seeds and compiles with tsx, which took 39 s on a
 * loaded 2-core machine, so it is generous.
 */
function readyUrl(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`server not ready in 150 s:\n${out}`)), 150_000)
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /"url":"(http:\/\/[^"]+)".*picks marketplace ready/.exec(out)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1].replace('localhost', '127.0.0.1'))
      }
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)))
  })
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })))
}

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})

describe('the server process', () => {
  it('starts on an empty data directory with demo data, shuts down cleanly on SIGTERM and keeps its data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'picks-server-'))
    dataDirs.push(dataDir)
    const first = startServer({ DATA_DIR: dataDir, NODE_ENV: 'development' })
    const url = await readyUrl(first)
    const page = (await (await fetch(`${url}/api/creators/paginated?limit=1`)).json()) as { total: number }
    expect(page.total).toBeGreaterThanOrEqual(40)
    const exited = exitOf(first)
    first.kill('SIGTERM')
    expect((await exited).code).toBe(0)

    const second = startServer({ DATA_DIR: dataDir, NODE_ENV: 'development' })
    const again = await readyUrl(second)
    const reopened = (await (await fetch(`${again}/api/creators/paginated?limit=1`)).json()) as { total: number }
    expect(reopened.total).toBe(page.total)
    const secondExit = exitOf(second)
    second.kill('SIGINT')
    expect((await secondExit).code).toBe(0)
    // Two server processes, each compiling with tsx and opening PGlite: allow for a busy machine.
  }, 360_000)

  it('refuses to start with bad configuration and lists every problem', async () => {
    const child = startServer({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'sk_wrong', PORT: 'nope' })
    const { code, stderr } = await exitOf(child)
    expect(code).toBe(1)
    expect(stderr).toContain('Invalid configuration')
    expect(stderr).toContain('STRIPE_PUBLISHABLE_KEY must start with pk_')
    expect(stderr).toContain('PORT')
    expect(stderr).toContain('STRIPE_WEBHOOK_SECRET')
  })
})
