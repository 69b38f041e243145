import {
  ErrorBody,
  ErrorReportBody,
  PerformanceReportBody,
  clientReportLimits,
  clientReportMessages,
  ReportsAccepted,
} from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.ts'
import { createSlidingWindow } from '../../http/sliding-window.ts'
import { viewer } from '../auth/guard.ts'
import { storeErrorReports, storePerformanceReports, type ReportDeps } from './reports.service.ts'

/** Reports of each kind one client address, and one signed-in person, may send per window (a batch counts each). */
export interface ReportLimits {
  perAddress: number
  perUser: number
  windowMs: number
}

export const defaultReportLimits: ReportLimits = {
  perAddress: clientReportLimits.perMinute,
  perUser: clientReportLimits.perMinute,
  windowMs: 60_000,
}

export interface ReportRoutesDeps extends ReportDeps {
  /** Smaller limits for tests. */
  limits?: Partial<ReportLimits>
  /** Hears of reports stored, for the server metrics. */
  onAccepted?: (kind: 'error' | 'performance', count: number) => void
}

type ReportKind = 'errors' | 'performance'

function asList<T>(body: T | T[]): T[] {
  return Array.isArray(body) ? body : [body]
}

/**
 * Spec §7 "Client reporting": `POST /api/errors` and `POST /api/errors/performance`, from anyone,
 * signed in or not. A body is one report or a batch; it is stored whole (202) or refused whole.
 */
export const reportsRoutes: FastifyPluginAsyncZod<ReportRoutesDeps> = async (app, deps) => {
  const limits = { ...defaultReportLimits, ...deps.limits }
  // Counted in the database, across every API process.
  const { db, now } = deps
  const byAddress = createSlidingWindow({
    db,
    name: 'reports-address',
    limit: limits.perAddress,
    windowMs: limits.windowMs,
    now,
  })
  const byUser = createSlidingWindow({
    db,
    name: 'reports-user',
    limit: limits.perUser,
    windowMs: limits.windowMs,
    now,
  })

  /**
   * Counts a batch against the person's limit and the address's, narrowest first (decision 018): a
   * refusal by the address gives the person's count back. Each kind has its own counts, so a storm
   * of errors does not silence the Web Vitals, nor the reverse.
   */
  async function admit(kind: ReportKind, request: FastifyRequest, userId: string | null, count: number): Promise<void> {
    const userKey = userId ? `${kind}:${userId}` : null
    const userWait = userKey ? await byUser.take(userKey, count) : 0
    const addressWait = userWait > 0 ? 0 : await byAddress.take(`${kind}:${request.ip}`, count)
    if (addressWait > 0 && userKey) await byUser.giveBack(userKey, count)
    const waitMs = Math.max(userWait, addressWait)
    if (waitMs > 0) {
      throw new AppError('RATE_LIMITED', clientReportMessages.tooMany, { reason: 'RATE_LIMITED', retryAfterMs: waitMs })
    }
  }

  const refusals = {
    413: ErrorBody.describe(`The body is over ${clientReportLimits.maxBodyBytes / 1024} KiB`),
    429: ErrorBody.describe('Too many reports from this address or person in the last minute; see Retry-After'),
  }

  app.post(
    '/errors',
    {
      config: { access: 'public' },
      bodyLimit: clientReportLimits.maxBodyBytes,
      schema: {
        tags: ['reports'],
        summary: "Stores a browser's error report, or a batch of 1 to 20 (the signed-in person's, else nobody's)",
        body: ErrorReportBody,
        response: { 202: ReportsAccepted, ...refusals },
      },
    },
    async (request, reply) => {
      const reports = asList(request.body)
      const userId = (await viewer(request))?.user.id ?? null
      await admit('errors', request, userId, reports.length)
      const accepted = await storeErrorReports(deps, { userId }, reports)
      deps.onAccepted?.('error', accepted)
      return reply.status(202).send({ accepted })
    },
  )

  app.post(
    '/errors/performance',
    {
      config: { access: 'public' },
      bodyLimit: clientReportLimits.maxBodyBytes,
      schema: {
        tags: ['reports'],
        summary:
          "Stores a browser's performance report (a Web Vital or a route change), or a batch of 1 to 20 (the signed-in person's, else nobody's)",
        body: PerformanceReportBody,
        response: { 202: ReportsAccepted, ...refusals },
      },
    },
    async (request, reply) => {
      const reports = asList(request.body)
      const userId = (await viewer(request))?.user.id ?? null
      await admit('performance', request, userId, reports.length)
      const accepted = await storePerformanceReports(deps, { userId }, reports)
      deps.onAccepted?.('performance', accepted)
      return reply.status(202).send({ accepted })
    },
  )
}
