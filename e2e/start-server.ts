import { execFile } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { e2eAdmin } from './support/admin-account.ts'
import { googleClient, startGoogleDouble } from './support/google-double.ts'
import { startMailbox } from './support/mailbox-server.ts'
import { mailboxPorts, oidcPort } from './support/ports.ts'

// The browser suite runs the production build on a fresh embedded database with demo data. Mail
// goes over real SMTP to a test mailbox on loopback, which the tests read codes and links from.
const mailbox = await startMailbox({ smtpPort: mailboxPorts.smtp, httpPort: mailboxPorts.http })
process.env.NODE_ENV = 'production'
process.env.SEED_DEMO_DATA = 'true'
process.env.LOG_LEVEL ??= 'warn'
process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'picks-e2e-'))
process.env.SMTP_URL = mailbox.smtpUrl
process.env.AUTH_SECRET ??= 'e2e-only-secret-that-is-long-enough-to-pass-checks'
process.env.SUPPORT_EMAIL ??= 'help@picks.test'
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`
delete process.env.DATABASE_URL
// Sales can be paid out at once, so a browser test can follow the money to a payout.
process.env.PAYOUT_HOLD_DAYS ??= '0'
// Google sign-in against a local OpenID Connect server that plays Google.
const google = await startGoogleDouble(oidcPort)
process.env.GOOGLE_CLIENT_ID = googleClient.id
process.env.GOOGLE_CLIENT_SECRET = googleClient.secret
process.env.GOOGLE_DISCOVERY_URL = google.discoveryUrl
process.env.ADMIN_EMAIL = e2eAdmin.email

// The administrator, made the way operators make one (`npm run admin:create`), before the server
// opens the database. Asynchronously: its sign-up mail goes to the mailbox running in this process.
const adminCreate = fileURLToPath(new URL('../apps/api/src/admin-create.ts', import.meta.url))
await promisify(execFile)(process.execPath, ['--import', 'tsx', adminCreate, '--email', e2eAdmin.email], {
  env: { ...process.env, ADMIN_PASSWORD: e2eAdmin.password },
})

// The server as `npm start` runs it: the bundle that `npm run build` (which `npm run test:e2e` runs first) made.
await import(new URL('../apps/api/dist/server.js', import.meta.url).href)
