import { z } from 'zod'
import { text } from './text.ts'
import { PhoneNumber } from './auth.ts'

/**
 * Twilio's webhooks (product-decisions.md "Notifications"): a text arriving at our number, and the
 * status reports of the texts we sent. Twilio posts them form-encoded with many more fields than
 * these (AccountSid, To, NumSegments, …); the objects are loose because every field counts for the
 * signature, and only the ones named here are read.
 */

/** A Twilio message id: two letters (`SM` for a text, `MM` with media) and 32 hex digits. */
export const TwilioMessageSid = text().regex(
  /^[A-Z]{2}[0-9a-fA-F]{32}$/,
  'Twilio message ids are two letters and 32 hex digits',
)

/** `POST /webhooks/twilio/sms`: a text someone sent to our number. */
export const TwilioInboundSmsFields = z.looseObject({
  MessageSid: TwilioMessageSid,
  From: PhoneNumber,
  /** A picture message may come without text. */
  Body: text().max(1600).default(''),
})
export type TwilioInboundSmsFields = z.infer<typeof TwilioInboundSmsFields>

/** Every `MessageStatus` Twilio reports; the product acts on delivered, undelivered and failed. */
export const twilioMessageStatuses = [
  'accepted',
  'scheduled',
  'canceled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'receiving',
  'received',
  'read',
  'partially_delivered',
] as const
export type TwilioMessageStatus = (typeof twilioMessageStatuses)[number]

/** `POST /webhooks/twilio/status`: what became of a text we sent (the StatusCallback of the message). */
export const TwilioStatusFields = z.looseObject({
  MessageSid: TwilioMessageSid,
  MessageStatus: z.enum(twilioMessageStatuses),
  /** Twilio's error code (30003, 30007, …) when the text failed. */
  ErrorCode: text()
    .regex(/^\d{0,6}$/, 'Twilio error codes are digits')
    .optional(),
  ErrorMessage: text().max(500).optional(),
})
export type TwilioStatusFields = z.infer<typeof TwilioStatusFields>

/** The status report was read; `updated`: a delivery's status changed because of it. */
export const TwilioStatusAnswer = z.object({ received: z.literal(true), updated: z.boolean() })
export type TwilioStatusAnswer = z.infer<typeof TwilioStatusAnswer>
