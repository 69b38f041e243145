import { describe, expect, it } from 'vitest'
import { FullableStorage } from '../test/fullable-storage.ts'
import { createSafeStorage } from './storage.ts'

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
