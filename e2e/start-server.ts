import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

// The browser suite runs the production build on a fresh embedded database with demo data.
process.env.NODE_ENV = 'production'
process.env.SEED_DEMO_DATA = 'true'
process.env.LOG_LEVEL ??= 'warn'
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'picks-e2e-'))
delete process.env.DATABASE_URL

await import('../apps/api/src/server.ts')
