import {
  ContentReport,
  ModerationAnswer,
  ModerationNoteBody,
  ModerationReportsPage,
  ModerationReportsQuery,
  ReportAnswer,
  ReportBody,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { auditPersonalRead } from '../audit/audit.service.ts'
import { callerOf } from '../auth/guard.ts'
import { dismissReport, moderate } from './moderation-actions.ts'
import { fileReport, reportQueue } from './reports.ts'

const IdParams = z.object({ id: z.uuid('must be an id') })

/**
 * Reports and moderation (issue 16, point 4): anyone signed in reports a pick or a creator profile;
 * moderators and administrators (`moderate_content`) work the queue, hide and restore content,
 * and dismiss reports. Every decision is audited.
 */
export const moderationRoutes: FastifyPluginAsyncZod<{
  db: Db
  now: () => Date
  /** A hidden or restored storefront changes the shop: its cached answers are forgotten. */
  shopCache: { invalidate(): Promise<void> }
  /** The feeds' cache (decision 050): a hidden or restored pick leaves or rejoins them at once. */
  picksCache: { invalidate(): Promise<void> }
}> = async (app, { db, now, shopCache, picksCache }) => {
  app.post(
    '/reports',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['moderation'],
        summary:
          'Reports a pick or a creator profile with a reason; a repeat while the first is open answers the first (200)',
        body: ReportBody,
        response: { 200: ReportAnswer, 201: ReportAnswer },
      },
    },
    async (request, reply) => {
      const { user } = await callerOf(request)
      const { report, created } = await fileReport(db, user.id, request.body, now())
      return reply.status(created ? 201 : 200).send({ report, repeated: !created })
    },
  )

  app.get(
    '/moderation/reports',
    {
      config: { access: { permission: 'moderate_content' } },
      schema: {
        tags: ['moderation'],
        summary:
          'The moderation queue: reports by status (open unless asked), newest first, with the open reports on each target (moderator)',
        querystring: ModerationReportsQuery,
        response: { 200: ModerationReportsPage },
      },
    },
    async (request) => {
      const query = request.query
      if (query.includePersonal) await auditPersonalRead(db, request, now(), 'moderation_reports', query)
      return reportQueue(db, query)
    },
  )

  const targets = [
    { path: 'picks', type: 'pick', label: 'a pick' },
    { path: 'creators', type: 'creator', label: "a creator's profile" },
  ] as const
  for (const { path, type, label } of targets) {
    for (const hide of [true, false]) {
      app.post(
        `/moderation/${path}/:id/${hide ? 'hide' : 'restore'}`,
        {
          config: { access: { permission: 'moderate_content' } },
          schema: {
            tags: ['moderation'],
            summary: hide
              ? `Hides ${label} from feeds, the shop and alerts, with a note; resolves its open reports (moderator; audited)`
              : `Shows ${label} again, with a note; resolves its open reports (moderator; audited)`,
            params: IdParams,
            body: ModerationNoteBody,
            response: { 200: ModerationAnswer },
          },
        },
        async (request) => {
          const answer = await moderate({ db, now }, request, { type, id: request.params.id }, hide, request.body.note)
          await (type === 'creator' ? shopCache : picksCache).invalidate()
          return answer
        },
      )
    }
  }

  app.post(
    '/moderation/reports/:id/dismiss',
    {
      config: { access: { permission: 'moderate_content' } },
      schema: {
        tags: ['moderation'],
        summary: 'Dismisses an open report with a note: the content stays as it is (moderator; audited)',
        params: IdParams,
        body: ModerationNoteBody,
        response: { 200: z.object({ report: ContentReport }) },
      },
    },
    async (request) => ({ report: await dismissReport({ db, now }, request, request.params.id, request.body.note) }),
  )
}
