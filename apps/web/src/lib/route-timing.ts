/**
 * The route a report names, and route-change timings (spec §3's performance report, metric
 * `route-change`): from the moment a navigation starts to the first paint of the new route.
 * Part of the entry (it has to watch from the first navigation); decision 041.
 */

/** What the reporter reads of the router (React Router's data router has it). */
export interface RouteState {
  location: { pathname: string; key: string }
  matches: readonly { route: { path?: string | undefined; index?: boolean | undefined } }[]
  navigation: { state: string }
}

export interface RouterLike {
  readonly state: RouteState
  subscribe(listener: (state: RouteState) => void): () => void
}

/**
 * The route's pattern (`/shop-picks/purchase/:creatorId`), so that reports of one page group
 * together and carry no id or username; the path when no route matched (a 404). Never the query.
 */
export function routePattern(state: Pick<RouteState, 'location' | 'matches'>): string {
  const last = state.matches.at(-1)?.route
  if (!last || (!last.path && !last.index)) return state.location.pathname
  const pattern = state.matches
    .map(({ route }) => route.path ?? '')
    .filter(Boolean)
    .join('/')
  return `/${pattern}`.replace(/\/{2,}/g, '/')
}

/** After the next frame is painted; not at all while the page is hidden (no frame would come). */
function afterNextPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') return
  requestAnimationFrame(() => setTimeout(run, 0))
}

/**
 * Calls `onChange(ms, from, to)` for each navigation to a new location: from the moment the router
 * starts it (or, with nothing to load, settles on it) to the paint after the router settles.
 */
export function watchRouteChanges(
  router: RouterLike,
  onChange: (durationMs: number, from: string, to: string) => void,
  clock: () => number = () => performance.now(),
  afterPaint: (run: () => void) => void = afterNextPaint,
): () => void {
  let key = router.state.location.key
  let from = routePattern(router.state)
  let startedAt: number | undefined
  return router.subscribe((state) => {
    try {
      if (state.navigation.state !== 'idle') {
        startedAt ??= clock()
        return
      }
      const start = startedAt ?? clock()
      startedAt = undefined
      // Idle again without a new location: a cancelled navigation, or a revalidation.
      if (state.location.key === key) return
      key = state.location.key
      const previous = from
      const to = routePattern(state)
      from = to
      afterPaint(() => onChange(Math.max(0, clock() - start), previous, to))
    } catch {
      // a timing is not worth an error
    }
  })
}
