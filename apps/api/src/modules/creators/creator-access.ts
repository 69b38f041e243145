import type { ServerUser } from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { requireUser, type Auth } from '../auth/auth.service.ts'

/** The signed-in user when they are `ownerId` or an admin; 401 for a visitor, 403 (`refusal`) for anyone else. */
export async function requireOwnerOrAdmin(
  auth: Auth,
  db: Db,
  request: FastifyRequest,
  ownerId: string,
  refusal: string,
): Promise<ServerUser> {
  const me = await requireUser(auth, db, request)
  if (me.id !== ownerId && !isAdmin(me)) throw new AppError('FORBIDDEN', refusal)
  return me
}

export function isAdmin(user: ServerUser): boolean {
  return user.role === 'admin'
}
