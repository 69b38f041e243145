import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

/** The channel every process's cache invalidations travel on (`NOTIFY picks_cache, '<origin> <sent at, ms> <topic>'`). */
export const invalidationChannel = 'picks_cache'

/**
 * Subscribes to a channel and calls `onReconnect` after each (re)subscription, when notices sent
 * meanwhile may have been missed. The job queue's (`Jobs.listen`): on PostgreSQL a dedicated
 * connection with a heartbeat that reconnects with backoff, on PGlite the embedded database itself.
 */
export type Listen = (
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void,
) => Promise<{ close(): Promise<void> }>

/**
 * Tells every process that what a topic's read caches hold is stale (decision 047). Each process
 * subscribes its caches; a write publishes after it commits.
 */
export interface Invalidations {
  /**
   * Forgets what `topic`'s caches hold in this process at once, then tells every other process,
   * which forget theirs when the notice arrives (a few milliseconds). A notice that cannot be sent
   * is logged, not thrown: the write it follows has committed, and the caches' time to live still
   * bounds how long another process can show the old answer.
   */
  publish(topic: string): Promise<void>
  /**
   * Calls `forget` whenever any process publishes `topic`, and each time the listener has
   * reconnected, since what was published while it was away is unknown.
   */
  subscribe(topic: string, forget: () => void): void
  /** Stops listening. */
  close(): Promise<void>
}

export interface InvalidationDeps {
  db: Db
  listen: Listen
  log: {
    warn(obj: object, msg: string): void
    info(obj: object, msg: string): void
    debug(obj: object, msg: string): void
  }
}

export async function openInvalidations({ db, listen, log }: InvalidationDeps): Promise<Invalidations> {
  // A process's own notices come back to it too; it has already acted on them.
  const origin = randomUUID()
  const subscribers = new Map<string, (() => void)[]>()
  const forget = (topic: string) => subscribers.get(topic)?.forEach((f) => f())
  let subscribed = false
  const listening = await listen(
    invalidationChannel,
    (payload) => {
      const [from, sentAt, topic] = payload.split(' ', 3)
      if (from === origin || !topic) return
      forget(topic)
      // How long the notice took from the publishing process's clock to this one's (the same machine's, or NTP's).
      log.debug({ topic, delayMs: Date.now() - Number(sentAt) }, 'cache invalidation heard')
    },
    () => {
      if (subscribed)
        log.info({ channel: invalidationChannel }, 'listening for cache invalidations again; caches forgotten')
      subscribed = true
      for (const topic of subscribers.keys()) forget(topic)
    },
  )
  return {
    async publish(topic) {
      forget(topic)
      try {
        await db.execute(sql`select pg_notify(${invalidationChannel}, ${`${origin} ${Date.now()} ${topic}`})`)
      } catch (err) {
        log.warn(
          { err, topic },
          'a cache invalidation could not reach the other processes; their caches expire on time',
        )
      }
    },
    subscribe(topic, f) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), f])
    },
    close: () => listening.close(),
  }
}
