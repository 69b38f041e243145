import {
  SimulateSmsReplyBody,
  SmsReplyAnswer,
  TwilioInboundSmsFields,
  TwilioStatusAnswer,
  TwilioStatusFields,
} from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { callerOf, isVerifiedAdmin } from '../auth/guard.ts'
import { isTwilioSignatureValid } from '../notifications/notifications.service.ts'
import type { AlertDeps } from './alert-jobs.ts'
import { applyTwilioStatus, handleInboundText, type SmsReplyDeps } from './sms-replies.ts'

export interface SmsWebhooksOptions {
  db: Db
  alerts: AlertDeps
  /** Twilio's auth token and the public address its webhooks are signed for; null: the outbox is in use. */
  twilio: Config['twilio']
  publicUrl: string
  now: () => Date
}

/** The form fields of a webhook as Twilio signed them, or null when the body is not a form. */
function formFields(body: unknown): Record<string, string> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null
  const entries = Object.entries(body)
  return entries.every(([, v]) => typeof v === 'string') ? Object.fromEntries(entries) : null
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
}

/** Our answer to a text, as TwiML: Twilio sends the `<Message>` back to the sender; `<Response/>` sends nothing. */
function twiml(reply: string | null): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>'
  return reply === null ? `${head}<Response/>` : `${head}<Response><Message>${escapeXml(reply)}</Message></Response>`
}

/** Texts arriving (STOP, START, HELP), Twilio's delivery reports, and the outbox's simulated replies. */
export const smsWebhooksRoutes: FastifyPluginAsyncZod<SmsWebhooksOptions> = async (app, deps) => {
  const { db, twilio, publicUrl } = deps
  const tags = ['alerts']
  const replyDeps: SmsReplyDeps = { db, now: deps.now, publicUrl }

  // Twilio posts its webhooks form-encoded. This parser serves these routes only (the plugin is
  // encapsulated); repeated names keep their last value, and Twilio repeats none.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })

  /**
   * Runs before the fields are validated: a webhook for a Twilio this server does not use is 404,
   * and one whose `X-Twilio-Signature` does not sign these exact fields for our public address of
   * `path` is 403, whatever it holds.
   */
  const signedByTwilio = (path: string) => async (request: FastifyRequest) => {
    if (!twilio) throw new AppError('NOT_FOUND', 'Twilio is not configured on this server')
    const signature = request.headers['x-twilio-signature']
    const fields = formFields(request.body) ?? {}
    const url = `${publicUrl}/api${path}`
    if (!isTwilioSignatureValid(twilio.authToken, typeof signature === 'string' ? signature : undefined, url, fields)) {
      throw new AppError('FORBIDDEN', 'The Twilio signature does not verify', { reason: 'BAD_SIGNATURE' })
    }
  }

  app.post(
    '/webhooks/twilio/sms',
    {
      config: { access: 'signature' },
      schema: {
        tags,
        summary: "Twilio's signed webhook for a text arriving: STOP, START and HELP are acted on; answers TwiML",
        body: TwilioInboundSmsFields,
        hide: twilio === null,
      },
      preValidation: signedByTwilio('/webhooks/twilio/sms'),
    },
    async (request, reply) => {
      const { MessageSid, From, Body } = request.body
      const answer = await handleInboundText(replyDeps, {
        from: From,
        body: Body,
        providerId: MessageSid,
        replyVia: 'twiml',
      })
      request.log.info({ sid: MessageSid, action: answer.action }, 'text received')
      return reply.type('text/xml; charset=utf-8').send(twiml(answer.reply))
    },
  )

  app.post(
    '/webhooks/twilio/status',
    {
      config: { access: 'signature' },
      schema: {
        tags,
        summary: "Twilio's signed report on a text we sent: delivered, or failed with its error",
        body: TwilioStatusFields,
        response: { 200: TwilioStatusAnswer },
        hide: twilio === null,
      },
      preValidation: signedByTwilio('/webhooks/twilio/status'),
    },
    async (request) => {
      const { MessageSid, MessageStatus, ErrorCode, ErrorMessage } = request.body
      const updated = await applyTwilioStatus(replyDeps, {
        sid: MessageSid,
        status: MessageStatus,
        errorCode: ErrorCode,
        errorMessage: ErrorMessage,
      })
      request.log.info({ sid: MessageSid, status: MessageStatus, updated }, 'text status reported')
      return { received: true as const, updated }
    },
  )

  // With Twilio, real texts arrive through its webhook and nothing may pretend to be one: the
  // route exists only while texts go to the outbox, so elsewhere everyone gets 404.
  if (deps.alerts.sms.kind === 'outbox') {
    app.post(
      '/sms/simulate-reply',
      {
        // Your own verified number, or any for a verified admin: the handler checks the number.
        config: { access: 'signedIn' },
        schema: {
          tags,
          summary: 'Development and tests, SMS outbox only: a text arriving from your own number (an admin: any)',
          body: SimulateSmsReplyBody,
          response: { 200: SmsReplyAnswer },
        },
      },
      async (request) => {
        const caller = await callerOf(request)
        const { from, body } = request.body
        const own = caller.user.phone === from && caller.user.phone_verified
        if (!own && !isVerifiedAdmin(caller)) {
          throw new AppError('FORBIDDEN', 'You can only reply from your own verified phone number')
        }
        return handleInboundText(replyDeps, { from, body, providerId: null, replyVia: 'outbox' })
      },
    )
  }
}
