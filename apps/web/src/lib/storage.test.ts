import { describe, expect, it } from 'vitest'
import { createSafeStorage } from './storage.ts'

/** An in-memory Storage that refuses writes once `capacity` characters are used, like a full browser quota. */
class FullableStorage implements Storage {
  private readonly items = new Map<string, string>()
  writes = 0
  constructor(private readonly capacity: number) {}
  get length() {
    return this.items.size
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.writes++
    const used = [...this.items].reduce((sum, [k, v]) => (k === key ? sum : sum + k.length + v.length), 0)
    if (used + key.length + value.length > this.capacity) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    }
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  clear() {
    this.items.clear()
  }
}

describe('safe local storage', () => {
  it('when storage is full, purges everything except sb-* keys and the user record, then writes', () => {
    const backing = new FullableStorage(140)
    backing.setItem('user', '{"id":"u1"}')
    backing.setItem('sb-auth-token', 'token')
    backing.setItem('picks-marketplace-query-cache', 'x'.repeat(40))
    backing.setItem('sidebar-collapsed', 'true')
    const storage = createSafeStorage(() => backing)

    const written = storage.write('picks-marketplace-query-cache', 'y'.repeat(70))

    expect(written).toBe(true)
    expect(backing.getItem('user')).toBe('{"id":"u1"}')
    expect(backing.getItem('sb-auth-token')).toBe('token')
    expect(backing.getItem('sidebar-collapsed')).toBeNull()
    expect(backing.getItem('picks-marketplace-query-cache')).toBe('y'.repeat(70))
  })

  it('retries the write only once and reports failure when it still does not fit', () => {
    const backing = new FullableStorage(20)
    backing.setItem('user', '{"id":"u1"}')
    const storage = createSafeStorage(() => backing)
    const writesBefore = backing.writes

    expect(storage.write('cache', 'z'.repeat(50))).toBe(false)
    expect(backing.writes - writesBefore).toBe(2)
    expect(backing.getItem('user')).toBe('{"id":"u1"}')
  })

  it('does not purge anything for errors other than a full quota', () => {
    const backing = new FullableStorage(1000)
    backing.setItem('keep-me', '1')
    backing.setItem = () => {
      throw new DOMException('Access denied', 'SecurityError')
    }
    const storage = createSafeStorage(() => backing)

    expect(storage.write('other', '2')).toBe(false)
    expect(backing.getItem('keep-me')).toBe('1')
  })

  it('never throws when storage is unavailable', () => {
    const storage = createSafeStorage(() => {
      throw new DOMException('Blocked', 'SecurityError')
    })
    expect(storage.getItem('user')).toBeNull()
    expect(() => storage.setItem('user', '{}')).not.toThrow()
    expect(() => storage.removeItem('user')).not.toThrow()
  })
})
