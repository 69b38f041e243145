import { IsRestoringProvider, onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { createRoutes } from './app/router.tsx'
import { createQueryClient } from './lib/query-client.ts'

/**
 * The build's server entry (build/prerender-pages.ts, decision 051): the first screen of the pages a
 * visitor lands on, rendered into their HTML so a phone paints the page before the app's code has
 * arrived; the app then hydrates it (app/start.tsx). Only signed-out visitors get these pages, with no
 * query string: what a signed-in person or a filtered address shows differs, and hydration would
 * keep the server's attributes where they differ.
 */
export interface PrerenderedPage {
  /** The address rendered, and the only one the server answers with this page. */
  path: string
  /** The file written under `dist/prerendered/`. */
  file: string
  /** The page's module, whose chunks the page's loader fetches with the entry's. */
  module: string
}

/**
 * The landing pages of issue 19 point 2 whose first screen is the same for every visitor. The
 * purchase page's first screen (its placeholder) names no creator, so one file serves every
 * creator's address; `pattern` says which addresses.
 */
export const prerenderedPages = [
  { path: '/shop-picks', file: 'shop-picks.html', module: 'src/features/shop/shop-page.tsx' },
  {
    path: '/shop-picks/purchase/creator',
    file: 'purchase.html',
    module: 'src/features/shop/purchase-page.tsx',
    pattern: '^/shop-picks/purchase/[^/]+$',
  },
  { path: '/locker-room', file: 'locker-room.html', module: 'src/features/locker-room/locker-room-page.tsx' },
  { path: '/my-picks', file: 'my-picks.html', module: 'src/features/picks/my-picks-page.tsx' },
] as const satisfies readonly (PrerenderedPage & { pattern?: string })[]

export interface RenderedPage {
  /** The page's `<title>` element, which React writes first and the document keeps in its head. */
  title: string | null
  /** What goes inside `#root`. */
  markup: string
}

/**
 * Renders `path` as the browser's first render draws it for a signed-out visitor with an empty
 * cache: the layout and the page, its data still loading (the persisted cache is still being read,
 * so no query has started: `IsRestoringProvider`).
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(createRoutes())
  const context = await handler.query(new Request(new URL(path, 'http://localhost')))
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}, not a page`)
  if (context.errors) throw new Error(`${path} rendered an error: ${JSON.stringify(context.errors)}`)
  // No read leaves the build: a page that prefetches while rendering (the purchase page) would
  // otherwise call the API from here, and its retries would keep the build's process waiting.
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, networkMode: 'online', retry: false },
  })
  onlineManager.setOnline(false)
  try {
    const html = renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <IsRestoringProvider value={true}>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
          </IsRestoringProvider>
        </QueryClientProvider>
      </StrictMode>,
    )
    const title = /^<title>[^<]*<\/title>/.exec(html)?.[0] ?? null
    return { title, markup: title ? html.slice(title.length) : html }
  } finally {
    // A paused read would start once back online, and each query's collection timer would keep the
    // build's process alive for a day.
    await queryClient.cancelQueries()
    queryClient.clear()
    onlineManager.setOnline(true)
  }
}
