import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startMailbox } from './support/mailbox-server.ts'
import { mailboxPorts } from './support/ports.ts'

// The browser suite runs the production build on a fresh embedded database with demo data. Mail
// goes over real SMTP to a test mailbox on loopback, which the tests read codes and links from.
const mailbox = await startMailbox({ smtpPort: mailboxPorts.smtp, httpPort: mailboxPorts.http })
process.env.NODE_ENV = 'production'
process.env.SEED_DEMO_DATA = 'true'
process.env.LOG_LEVEL ??= 'warn'
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'picks-e2e-'))
process.env.SMTP_URL = mailbox.smtpUrl
process.env.AUTH_SECRET ??= 'e2e-only-secret-that-is-long-enough-to-pass-checks'
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`
delete process.env.DATABASE_URL

await import('../apps/api/src/server.ts')
