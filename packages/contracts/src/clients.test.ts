import { describe, expect, it } from 'vitest'
import { ClientsQuery, NewClientBody } from './clients.ts'

describe('a new client', () => {
  it('is tidied: name and note trimmed, e-mail lowercased, phone in E.164, blanks absent', () => {
    expect(
      NewClientBody.parse({ name: ' Lee ', email: ' Lee@Example.com', phone: '+44 20-7946-0958', note: '  ' }),
    ).toEqual({ name: 'Lee', email: 'lee@example.com', phone: '+442079460958', note: null })
    expect(NewClientBody.parse({ name: 'Lee', email: 'lee@example.com' })).toEqual({
      name: 'Lee',
      email: 'lee@example.com',
      phone: null,
      note: null,
    })
  })

  it('names each field that is wrong, and refuses fields it does not know', () => {
    const result = NewClientBody.safeParse({ name: '', email: 'x', note: 'n'.repeat(501), source: 'purchase' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.') || i.code).sort()).toEqual([
      'email',
      'name',
      'note',
      'unrecognized_keys',
    ])
  })
})

describe('the client list query', () => {
  it('defaults to the first 20 and bounds paging', () => {
    expect(ClientsQuery.parse({})).toEqual({ limit: 20, offset: 0 })
    expect(ClientsQuery.safeParse({ limit: '101' }).success).toBe(false)
    expect(ClientsQuery.safeParse({ offset: '-1' }).success).toBe(false)
    expect(ClientsQuery.safeParse({ creatorId: 'nope' }).success).toBe(false)
  })
})
