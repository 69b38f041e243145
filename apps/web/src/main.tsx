import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './app/providers.tsx'
import { createAppRouter } from './app/router.tsx'
import { readStoredUser } from './auth/stored-user.ts'
import { installChunkReloadHandlers } from './lib/chunk-errors.ts'
import { createQueryClient } from './lib/query-client.ts'
import { installReporting } from './lib/report-error.ts'
import './index.css'

installChunkReloadHandlers()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const queryClient = createQueryClient()
const router = createAppRouter()
installReporting({ router, getUserId: () => readStoredUser()?.id ?? null })

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
