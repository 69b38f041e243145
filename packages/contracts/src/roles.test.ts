import { describe, expect, it } from 'vitest'
import { defaultPermissions, hasPermission, hasRole, isCreatorOrHigher, toRole, type Role } from './roles.ts'
import { parseStoredUser } from './user.ts'

const subject = (role: Role, permissions: string[] = [...defaultPermissions[role]]) => ({ role, permissions })

describe('roles and permissions (spec §6)', () => {
  it.each([
    ['user', 'user', true],
    ['user', 'creator', false],
    ['creator', 'creator', true],
    ['creator', 'moderator', false],
    ['moderator', 'creator', true],
    ['admin', 'moderator', true],
  ] as const)('a %s passes a %s check: %s', (role, required, expected) => {
    expect(hasRole(subject(role), required)).toBe(expected)
  })

  it('fails every check without a user', () => {
    expect(hasRole(null, 'user')).toBe(false)
    expect(hasPermission(null, 'view_analytics')).toBe(false)
    expect(isCreatorOrHigher(null)).toBe(false)
  })

  it('gives each role its default permissions', () => {
    expect(defaultPermissions.user).toEqual([])
    expect(defaultPermissions.creator).toEqual(['create_pick', 'view_analytics'])
    expect(defaultPermissions.moderator).toEqual(['moderate_content', 'view_analytics'])
    expect([...defaultPermissions.admin].sort()).toEqual(
      [
        'access_admin_panel',
        'create_pick',
        'manage_subscriptions',
        'manage_users',
        'moderate_content',
        'view_analytics',
      ].sort(),
    )
  })

  it('lets moderators pass the creator-level check though they lack create_pick', () => {
    const moderator = subject('moderator')
    expect(isCreatorOrHigher(moderator)).toBe(true)
    expect(hasPermission(moderator, 'create_pick')).toBe(false)
  })

  it('maps the server role customer, and anything unknown, to user', () => {
    expect(toRole('customer')).toBe('user')
    expect(toRole(undefined)).toBe('user')
    expect(toRole('superuser')).toBe('user')
    expect(toRole('creator')).toBe('creator')
  })
})

describe('the stored user record (spec §3)', () => {
  it('defaults role to user, permissions to the role list, verified to false', () => {
    const user = parseStoredUser(JSON.stringify({ id: 'u1', email: 'a@b.co', name: 'Ann' }))
    expect(user).toMatchObject({ role: 'user', permissions: [], verified: false, profile_picture: null })
  })

  it('lets a stored permissions list override the role default', () => {
    const user = parseStoredUser(
      JSON.stringify({ id: 'u1', email: 'a@b.co', role: 'creator', permissions: ['view_analytics'] }),
    )
    expect(hasPermission(user, 'create_pick')).toBe(false)
    expect(hasPermission(user, 'view_analytics')).toBe(true)
  })

  it.each([null, '', 'not json', '[]', '{"email":"a@b.co"}', '{"id":5,"email":"x"}'])('treats %j as no user', (raw) => {
    expect(parseStoredUser(raw)).toBeNull()
  })
})
