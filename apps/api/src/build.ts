import path from 'node:path'
import { buildServer } from './build-server.ts'
import { buildEmptyTemplate } from './build-template.ts'
import { templateDir } from './db/empty-template.ts'

// `npm run build -w @picks/api`: the server bundle, then the empty-database template.
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
let startedAt = performance.now()
await buildServer()
process.stdout.write(`server bundled in ${seconds(startedAt)}: apps/api/dist/server.js\n`)
startedAt = performance.now()
const outcome = await buildEmptyTemplate()
const where = path.relative(process.cwd(), templateDir())
process.stdout.write(
  outcome === 'built'
    ? `empty-database template built in ${seconds(startedAt)}: ${where}\n`
    : `empty-database template up to date: ${where}\n`,
)
