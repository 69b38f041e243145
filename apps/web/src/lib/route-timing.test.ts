import { createMemoryRouter, type RouteObject } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { routePattern, watchRouteChanges } from './route-timing.ts'

const routes: RouteObject[] = [
  {
    id: 'root',
    element: null,
    children: [
      {
        element: null,
        children: [
          { index: true, element: null },
          { path: 'shop-picks', element: null },
          { path: 'shop-picks/purchase/:creatorId', element: null },
          { path: 'slow', element: null, loader: () => slowLoad },
          { element: null, children: [{ path: 'admin/dashboard/:section', element: null }] },
        ],
      },
    ],
  },
]

let finishSlowLoad: () => void = () => undefined
let slowLoad = Promise.resolve(null)
let stops: (() => void)[] = []

function routerAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  stops.push(() => router.dispose())
  return router
}

afterEach(() => {
  for (const stop of stops) stop()
  stops = []
})

describe('the route a report names', () => {
  it.each([
    ['/shop-picks/purchase/0b6f4c8e?promo=X', '/shop-picks/purchase/:creatorId'],
    ['/admin/dashboard/payouts', '/admin/dashboard/:section'],
    ['/shop-picks', '/shop-picks'],
    ['/', '/'],
    ['/no/such/page?token=abc', '/no/such/page'],
  ])('%s is reported as %s', (path, expected) => {
    expect(routePattern(routerAt(path).state)).toBe(expected)
  })
})

describe('route-change timings', () => {
  it('times a route change from its start to the paint after the router settles', async () => {
    const router = routerAt('/shop-picks')
    let now = 1_000
    const paints: (() => void)[] = []
    const changes: [number, string, string][] = []
    stops.push(
      watchRouteChanges(
        router,
        (ms, from, to) => changes.push([ms, from, to]),
        () => now,
        (run) => paints.push(run),
      ),
    )
    slowLoad = new Promise((resolve) => {
      finishSlowLoad = () => resolve(null)
    })

    const navigation = router.navigate('/slow')
    now = 1_250
    finishSlowLoad()
    await navigation
    expect(changes).toEqual([])
    now = 1_300
    for (const paint of paints) paint()

    expect(changes).toEqual([[300, '/shop-picks', '/slow']])
  })

  it('does not count a navigation that ends where it started', async () => {
    const router = routerAt('/shop-picks')
    const changes: number[] = []
    stops.push(
      watchRouteChanges(
        router,
        (ms) => changes.push(ms),
        () => 0,
        (run) => run(),
      ),
    )

    await router.revalidate()
    await router.navigate('/shop-picks/purchase/c1')

    expect(changes).toHaveLength(1)
  })
})
