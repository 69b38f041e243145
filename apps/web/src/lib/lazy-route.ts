import { chunkPolicy } from '@picks/contracts/client'
import { createElement, type ComponentType } from 'react'
import type { LazyRouteFunction, LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router'
import { ChunkLoadTimeoutError, isChunkLoadError } from './chunk-errors.ts'

/** What a page module exports (React Router's lazy-route convention). */
export interface RouteModule {
  Component: ComponentType
  HydrateFallback?: ComponentType
  ErrorBoundary?: ComponentType
  loader?: LoaderFunction
}

export interface ChunkLoadPolicy {
  maxRetries: number
  firstDelayMs: number
  timeoutMs: number
}

const defaultPolicy: ChunkLoadPolicy = {
  maxRetries: chunkPolicy.maxRetries,
  firstDelayMs: chunkPolicy.firstDelayMs,
  timeoutMs: chunkPolicy.scriptLoadTimeoutMs,
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Imports a chunk, retrying chunk-load failures up to `maxRetries` times after 1 s, 2 s, 4 s.
 * Errors that are not about loading (a module that throws while evaluating) fail at once.
 */
export async function loadChunk<T>(load: () => Promise<T>, policy: ChunkLoadPolicy = defaultPolicy): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await withTimeout(load(), policy.timeoutMs)
    } catch (error) {
      if (!isChunkLoadError(error) || retry >= policy.maxRetries) throw error
      await sleep(policy.firstDelayMs * 2 ** retry)
    }
  }
}

export interface LazyPage {
  lazy: LazyRouteFunction<RouteObject>
  /** Starts downloading the page's chunk without rendering it; failures are ignored. */
  preload: () => void
}

/**
 * Registers a page module as a lazy route with the chunk retry policy.
 *
 * React Router caches a rejected `lazy()` for good, so after the automatic retries fail we
 * resolve with a stand-in whose loader throws the chunk error (the route's errorElement shows
 * "Loading Error") and imports the page again on each revalidation, which is what Try Again does.
 */
export function lazyPage(load: () => Promise<RouteModule>, policy: ChunkLoadPolicy = defaultPolicy): LazyPage {
  return {
    async lazy() {
      try {
        return pickRouteProperties(await loadChunk(load, policy))
      } catch (error) {
        if (!isChunkLoadError(error)) throw error
        return recoveringRoute(load, policy, error)
      }
    },
    preload() {
      load().catch(() => undefined)
    },
  }
}

function pickRouteProperties(module: RouteModule): RouteModule {
  const route: RouteModule = { Component: module.Component }
  if (module.HydrateFallback) route.HydrateFallback = module.HydrateFallback
  if (module.ErrorBoundary) route.ErrorBoundary = module.ErrorBoundary
  if (module.loader) route.loader = module.loader
  return route
}

function recoveringRoute(load: () => Promise<RouteModule>, policy: ChunkLoadPolicy, firstError: unknown): RouteModule {
  let loaded: RouteModule | undefined
  let pendingError: unknown = firstError

  const loader: LoaderFunction = async (args: LoaderFunctionArgs) => {
    if (pendingError !== undefined) {
      const error = pendingError
      pendingError = undefined
      throw error
    }
    // A manual retry is one attempt (with the load timeout): the visitor asked and is waiting.
    loaded ??= await loadChunk(load, { ...policy, maxRetries: 0 })
    return loaded.loader ? loaded.loader(args) : null
  }

  function RecoveredPage() {
    return loaded ? createElement(loaded.Component) : null
  }

  return { loader, Component: RecoveredPage }
}
