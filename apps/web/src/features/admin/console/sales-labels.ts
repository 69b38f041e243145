import type { DeliveryStatus, NotificationChannel, PayoutAccountState, PurchaseStatus } from '@picks/contracts'

export const purchaseStatusLabels: Record<PurchaseStatus, string> = {
  pending: 'Checkout open',
  incomplete: 'Never paid',
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  expired: 'Expired',
}

export const payoutAccountLabels: Record<PayoutAccountState, string> = {
  none: 'Not started',
  onboarding: 'Onboarding',
  pending: 'Pending review',
  active: 'Active',
}

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
}

export const channelLabels: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'SMS' }

/** "1.5", "+2.25" or "-3" units: the sign always shown, so a loss and a gain read apart. */
export function unitsText(units: number): string {
  const rounded = Math.round(units * 100) / 100
  return `${rounded > 0 ? '+' : ''}${rounded}`
}

/** A return on investment as "12.5%", or a dash before any decided pick. */
export function roiText(roiPct: number | null): string {
  return roiPct === null ? '—' : `${Math.round(roiPct * 10) / 10}%`
}
