import { describe, expect, it } from 'vitest'
import type { Invalidations } from '../db/invalidations.ts'
import { createReadCache, type Loaded, type ReadCacheOptions } from './read-cache.ts'
import { weakEtagOf } from './public-etags.ts'

/**
 * One process's invalidations: a publish reaches this process's own subscribers, as the real one
 * does at once (db/invalidations.ts, whose tests cover the notices between processes).
 */
function oneProcess(): Pick<Invalidations, 'publish' | 'subscribe'> {
  const subscribers: { topic: string; forget: () => void }[] = []
  return {
    publish: async (topic) => subscribers.filter((s) => s.topic === topic).forEach((s) => s.forget()),
    subscribe: (topic, forget) => void subscribers.push({ topic, forget }),
  }
}

/** A cache of the `shop` topic whose `get` answers the body alone. */
function shopCache(options: Omit<ReadCacheOptions, 'invalidations' | 'topic'>, invalidations = oneProcess()) {
  const cache = createReadCache({ ...options, topic: 'shop', invalidations })
  return {
    get: async (key: string, load: () => Promise<string | Loaded>) =>
      (await cache.get(key, load)).bytes.toString('utf8'),
    invalidate: (topic?: string) => cache.invalidate(topic),
    get size() {
      return cache.size
    },
  }
}

function clock(start = 1_000) {
  let now = start
  return { now: () => now, advance: (ms: number) => (now += ms) }
}

function counter(prefix = 'answer') {
  let calls = 0
  return {
    load: async () => `${prefix} ${++calls}`,
    get calls() {
      return calls
    },
  }
}

describe('the shared read cache', () => {
  it('answers from memory until the time to live passes, then loads again', async () => {
    const time = clock()
    const cache = shopCache({ ttlMs: 5_000, now: time.now })
    const source = counter()

    expect(await cache.get('page 1', source.load)).toBe('answer 1')
    time.advance(4_999)
    expect(await cache.get('page 1', source.load)).toBe('answer 1')
    time.advance(1)
    expect(await cache.get('page 1', source.load)).toBe('answer 2')
    expect(source.calls).toBe(2)
  })

  it('keeps each query apart', async () => {
    const cache = shopCache({ ttlMs: 5_000 })
    expect(await cache.get('page 1', async () => 'one')).toBe('one')
    expect(await cache.get('page 2', async () => 'two')).toBe('two')
    expect(await cache.get('page 1', async () => 'changed')).toBe('one')
  })

  it('forgets everything when invalidated', async () => {
    const cache = shopCache({ ttlMs: 60_000 })
    const source = counter()
    await cache.get('page 1', source.load)
    await cache.invalidate()
    expect(cache.size).toBe(0)
    expect(await cache.get('page 1', source.load)).toBe('answer 2')
  })

  it('loads once for many visitors asking at the same moment', async () => {
    const cache = shopCache({ ttlMs: 5_000 })
    let release: (body: string) => void = () => {}
    let calls = 0
    const load = () => {
      calls += 1
      return new Promise<string>((resolve) => (release = resolve))
    }
    const answers = Promise.all([cache.get('page 1', load), cache.get('page 1', load), cache.get('page 1', load)])
    release('shared')
    expect(await answers).toEqual(['shared', 'shared', 'shared'])
    expect(calls).toBe(1)
  })

  it('does not keep a failed load, so the next visitor tries again', async () => {
    const cache = shopCache({ ttlMs: 5_000 })
    await expect(cache.get('page 1', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down')
    expect(cache.size).toBe(0)
    expect(await cache.get('page 1', async () => 'recovered')).toBe('recovered')
  })

  it('does not store an answer whose load began before an invalidation', async () => {
    const cache = shopCache({ ttlMs: 5_000 })
    let release: (body: string) => void = () => {}
    const slow = cache.get('page 1', () => new Promise<string>((resolve) => (release = resolve)))
    await cache.invalidate()
    release('from before the change')
    expect(await slow).toBe('from before the change')
    expect(await cache.get('page 1', async () => 'after the change')).toBe('after the change')
  })

  it('holds at most maxEntries answers, dropping the least recently used', async () => {
    const cache = shopCache({ ttlMs: 5_000, maxEntries: 2 })
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    await cache.get('a', async () => 'a2') // a is now the most recently used
    await cache.get('c', async () => 'c1') // evicts b
    expect(cache.size).toBe(2)
    expect(await cache.get('a', async () => 'a3')).toBe('a1')
    expect(await cache.get('b', async () => 'b2')).toBe('b2')
  })

  it('loads every time when the time to live is 0', async () => {
    const cache = shopCache({ ttlMs: 0 })
    const source = counter()
    await cache.get('page 1', source.load)
    await cache.get('page 1', source.load)
    expect(source.calls).toBe(2)
    expect(cache.size).toBe(0)
  })

  it('keeps an answer no longer than its own freshness (a game starting closes its picks)', async () => {
    const time = clock()
    const cache = shopCache({ ttlMs: 5_000, now: time.now })
    const source = counter()
    const load = async () => ({ body: await source.load(), freshUntil: time.now() + 1_000 })
    expect(await cache.get('feed', load)).toBe('answer 1')
    time.advance(999)
    expect(await cache.get('feed', load)).toBe('answer 1')
    time.advance(1)
    expect(await cache.get('feed', load)).toBe('answer 2')
  })

  it('does not keep an answer already stale when it arrives', async () => {
    const time = clock()
    const cache = shopCache({ ttlMs: 5_000, now: time.now })
    const source = counter()
    const load = async () => ({ body: await source.load(), freshUntil: time.now() })
    await cache.get('feed', load)
    expect(cache.size).toBe(0)
  })

  it('forgets on the other topics it shows too, and only on those', async () => {
    const invalidations = oneProcess()
    const cache = createReadCache({ topic: 'picks', alsoForgetOn: ['shop'], ttlMs: 60_000, invalidations })
    await cache.get('feed', async () => 'feed 1')
    await invalidations.publish('alerts')
    expect(cache.size).toBe(1)
    await invalidations.publish('shop')
    expect(cache.size).toBe(0)
    await cache.get('feed', async () => 'feed 2')
    await cache.invalidate()
    expect(cache.size).toBe(0)
  })

  it('takes the weak ETag and the UTF-8 bytes of the body once, with the body', async () => {
    const cache = createReadCache({ topic: 'shop', ttlMs: 60_000, invalidations: oneProcess() })
    const body = '{"creators":[],"name":"Zoë"}'
    const first = await cache.get('page 1', async () => body)
    expect(first).toEqual({ bytes: Buffer.from(body, 'utf8'), etag: weakEtagOf(body) })
    expect(await cache.get('page 1', async () => 'other')).toMatchObject(first)
  })
})
