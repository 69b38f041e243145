import type { QueryClient } from '@tanstack/react-query'
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, RouterProvider, type DataRouter, type RouteObject } from 'react-router'
import { reportError } from '../lib/report-error.ts'
import { AppProviders } from './providers.tsx'
import { createRoutes } from './router.tsx'

/** Whether `container` holds a page the server rendered (decision 051) rather than the empty shell. */
export function isPrerendered(container: HTMLElement): boolean {
  return container.firstElementChild !== null
}

/**
 * Loads the code of the lazy routes `location` matches and puts it on the routes themselves, so the
 * router's first render is the page, as the server drew it, and not the fallback shown while code
 * loads (which hydration would find different and throw away).
 */
export async function loadMatchedRoutes(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy
      if (typeof lazy !== 'function') return
      const loaded = await lazy()
      Object.assign(route, loaded)
      delete route.lazy
    }),
  )
}

/**
 * The app's router. Over a pre-rendered page the matched routes' code is loaded first (see
 * `loadMatchedRoutes`); over the empty shell they load as the router renders.
 */
export async function createStartRouter(prerendered: boolean, routes = createRoutes()): Promise<DataRouter> {
  if (prerendered) await loadMatchedRoutes(routes, window.location)
  return createBrowserRouter(routes)
}

const syncFlush = (fn: () => unknown): undefined => {
  flushSync(fn)
}

/** Runs `onMounted` once its children are on the page: after hydration, their first commit. */
function AfterMount({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(onMounted, [onMounted])
  return children
}

export interface StartOptions {
  queryClient: QueryClient
  router: DataRouter
  /** A hydration that found the server's page different from its own first render (React then draws it anew). */
  onRecoverableError?: (error: unknown) => void
}

/**
 * Draws the app into `container`: renders it into the empty shell, or hydrates the server's page as
 * a transition, which React splits into short tasks (yielding to the browser every few milliseconds)
 * instead of one long task that would keep a phone from answering a tap. The page's code is loaded
 * before (`createStartRouter`), so the router has nothing left to announce meanwhile.
 */
export function startApp(container: HTMLElement, options: StartOptions): Root {
  // The server's page takes no input until it is the app's (build/prerender-pages.ts).
  const takeInput = () => container.removeAttribute('inert')
  const app = (
    <StrictMode>
      <AfterMount onMounted={takeInput}>
        <AppProviders queryClient={options.queryClient}>
          {/* What react-router/dom's provider adds, imported here so tests share one copy of the router. */}
          <RouterProvider router={options.router} flushSync={syncFlush} />
        </AppProviders>
      </AfterMount>
    </StrictMode>
  )
  if (!isPrerendered(container)) {
    // At once, not as a transition: the router must be listening before its first page's code
    // arrives, or the change it announces then is missed and the page never leaves its placeholder.
    const root = createRoot(container)
    root.render(app)
    return root
  }
  const onRecoverableError = options.onRecoverableError ?? ((error: unknown) => reportError(error, 'error'))
  let root: Root | undefined
  // startTransition runs its callback at once; the hydration it starts is what is deferred.
  startTransition(() => {
    root = hydrateRoot(container, app, { onRecoverableError })
  })
  if (!root) throw new Error('hydrateRoot did not run')
  return root
}
