import { chunkPolicy } from '@picks/contracts/client'

/** Thrown when a route's script has not loaded within chunkPolicy.scriptLoadTimeoutMs. */
export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`Loading chunk timed out after ${ms}ms`)
    this.name = 'ChunkLoadTimeoutError'
  }
}

const chunkErrorPatterns = [
  'failed to fetch dynamically imported module',
  'importing a module script failed',
  'error loading dynamically imported module',
  'loading chunk',
  'unable to preload css',
]

/** True for the messages browsers (and Vite's preload helper) use when a code-split script fails to load. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadTimeoutError) return true
  if (!(error instanceof Error)) return false
  const message = error.message.toLowerCase()
  return error.name === 'ChunkLoadError' || chunkErrorPatterns.some((pattern) => message.includes(pattern))
}

const lastReloadKey = 'chunk-reload-at'
/** A chunk that still fails right after a reload is not fixed by reloading again: stop the loop. */
const reloadLoopWindowMs = 30_000

interface ReloadTarget {
  addEventListener: Window['addEventListener']
  removeEventListener: Window['removeEventListener']
  location: Pick<Location, 'reload'>
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>
}

function reloadedRecently(target: ReloadTarget): boolean {
  try {
    const last = Number(target.sessionStorage.getItem(lastReloadKey))
    return Number.isFinite(last) && Date.now() - last < reloadLoopWindowMs
  } catch {
    return false
  }
}

/**
 * Reloads the page 1 s after an unhandled chunk-load rejection or a Vite preload error, which
 * usually means a new deployment replaced the hashed files this page was built against.
 */
export function installChunkReloadHandlers(target: ReloadTarget = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined

  function scheduleReload() {
    if (timer !== undefined || reloadedRecently(target)) return
    timer = setTimeout(() => {
      try {
        target.sessionStorage.setItem(lastReloadKey, String(Date.now()))
      } catch {
        // without session storage the loop guard is off; reloading is still right
      }
      target.location.reload()
    }, chunkPolicy.reloadAfterUnhandledMs)
  }

  const onUnhandledRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) scheduleReload()
  }
  const onPreloadError = () => scheduleReload()

  target.addEventListener('unhandledrejection', onUnhandledRejection)
  target.addEventListener('vite:preloadError', onPreloadError)
  return () => {
    clearTimeout(timer)
    target.removeEventListener('unhandledrejection', onUnhandledRejection)
    target.removeEventListener('vite:preloadError', onPreloadError)
  }
}
