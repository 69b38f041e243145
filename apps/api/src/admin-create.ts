/**
 * Creates the first administrator (or promotes an existing account):
 *   ADMIN_PASSWORD='…' npm run admin:create -- --email ops@example.com [--name "Ops Team"]
 * The password comes from ADMIN_PASSWORD so that it stays out of the shell history. With the
 * embedded database, stop the server first: one process owns the data directory.
 */
import { parseArgs } from 'node:util'
import pino from 'pino'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'
import { createAdmin, createAuth } from './modules/auth/auth.service.ts'
import { createOutboxEmailSender, createSmtpEmailSender } from './modules/notifications/notifications.service.ts'
import { accountDirectory } from './modules/users/users.service.ts'

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string', default: 'Administrator' } },
  strict: true,
})
const password = process.env.ADMIN_PASSWORD ?? ''
if (!values.email || !password) {
  process.stderr.write('usage: ADMIN_PASSWORD=… npm run admin:create -- --email EMAIL [--name NAME]\n')
  process.exit(2)
}

const config = loadConfig()
const log = pino({ level: 'warn' })
const database = await openDatabase(config.database)
try {
  await migrateDatabase(database)
  const email = config.smtp ? createSmtpEmailSender(config.smtp) : createOutboxEmailSender({ db: database.db })
  const accounts = accountDirectory({ db: database.db })
  const auth = createAuth({ db: database.db, accounts, config, email, log })
  const { created } = await createAdmin(
    { auth, db: database.db, accounts },
    { email: values.email, name: values.name, password },
  )
  await email.close()
  process.stdout.write(
    `${values.email} is an administrator (${created ? 'new account' : 'existing account promoted'}).\n`,
  )
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = 1
} finally {
  await database.close()
}
