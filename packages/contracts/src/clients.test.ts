import { describe, expect, it } from 'vitest'
import { newClientBody, newClientProblems, type NewClientValues } from './client-rules.ts'
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

describe('the browser’s checks of a new client', () => {
  const blank: NewClientValues = { name: 'Lee', email: 'lee@example.com', phone: '', note: '' }
  const cases: [string, Partial<NewClientValues>, string[]][] = [
    ['a good one', {}, []],
    ['a phone with spaces and dashes', { phone: '+44 20-7946-0958' }, []],
    ['a blank name', { name: '   ' }, ['name']],
    ['a long name', { name: 'n'.repeat(121) }, ['name']],
    ['an e-mail without @', { email: 'lee.example.com' }, ['email']],
    ['a phone without the country code', { phone: '555 0100' }, ['phone']],
    ['a long note', { note: 'n'.repeat(501) }, ['note']],
  ]

  it.each(cases)('agree with POST /clients on %s', (_, change, fields) => {
    const values = { ...blank, ...change }
    expect(Object.keys(newClientProblems(values)).sort()).toEqual(fields)
    const server = NewClientBody.safeParse(newClientBody(values))
    expect(server.success ? [] : server.error.issues.map((issue) => issue.path.join('.')).sort()).toEqual(fields)
  })

  it('sends the body tidied, blanks left out', () => {
    expect(
      newClientBody({ name: ' Lee ', email: ' Lee@Example.com ', phone: ' +1 555-010-0199 ', note: '  ' }),
    ).toEqual({
      name: 'Lee',
      email: 'lee@example.com',
      phone: '+15550100199',
    })
  })
})
