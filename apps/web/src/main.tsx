import { createStartRouter, isPrerendered, startApp } from './app/start.tsx'
import { readStoredUser } from './auth/stored-user.ts'
import { installChunkReloadHandlers } from './lib/chunk-errors.ts'
import { createQueryClient } from './lib/query-client.ts'
import { installReporting } from './lib/report-error.ts'
import './index.css'

installChunkReloadHandlers()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const queryClient = createQueryClient()
const router = await createStartRouter(isPrerendered(container))
installReporting({ router, getUserId: () => readStoredUser()?.id ?? null })
startApp(container, { queryClient, router })
