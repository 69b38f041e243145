import type { DeliveryStatus, EmailType, NotificationChannel, SmsType } from '@picks/contracts'

/** A delivery's status, as the console names it. */
export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
}

export const channelLabels: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'Text' }

/** What an e-mail was for (the log's `emailType` filter). */
export const emailTypeLabels: Record<EmailType, string> = {
  pick_alert: 'Pick alert',
  test: 'Test alert',
  verification: 'Address check',
  password_reset: 'Password reset',
  receipt: 'Receipt',
  other: 'Other',
}

/** What a text was for (the log's `smsType` filter). */
export const smsTypeLabels: Record<SmsType, string> = {
  pick_alert: 'Pick alert',
  test: 'Test alert',
  reply: 'Reply',
  phone_verification: 'Phone check',
  mfa_code: 'Sign-in code',
  other: 'Other',
}

/** A filter's choices from a table of labels. */
export function choices(labels: Record<string, string>): { value: string; label: string }[] {
  return Object.entries(labels).map(([value, label]) => ({ value, label }))
}
