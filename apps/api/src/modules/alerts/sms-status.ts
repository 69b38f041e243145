import type { SmsStatus } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { personOf, type AlertServiceDeps } from './alert-lookups.ts'
import { settingsOf, updateNotificationPreferences } from './alert-preferences.ts'
import { smsNumbers } from './alerts.table.ts'

/** Whether texts reach a person, and the global text switch that the SMS routes turn (spec §7 "SMS"). */

/**
 * Whether texts reach the person now, and if not the first reason in the order they can act on
 * it: add a phone, verify it, reply START from it, turn texts on.
 */
export async function smsStatus(deps: AlertServiceDeps, userId: string): Promise<SmsStatus> {
  const user = await personOf(deps, userId)
  const { smsEnabled } = await settingsOf(deps.db, userId)
  const [number] = user.phone
    ? await deps.db
        .select({ optedOutAt: smsNumbers.optedOutAt })
        .from(smsNumbers)
        .where(eq(smsNumbers.phone, user.phone))
    : []
  const optedOut = Boolean(number?.optedOutAt)
  const reason: SmsStatus['reason'] = !user.phone
    ? 'no_phone'
    : !user.phone_verified
      ? 'phone_unverified'
      : optedOut
        ? 'opted_out'
        : !smsEnabled
          ? 'disabled'
          : null
  return {
    userId,
    smsEnabled,
    phone: user.phone,
    phoneVerified: user.phone_verified,
    optedOut,
    canReceive: reason === null,
    reason,
  }
}

export async function setSmsEnabled(deps: AlertServiceDeps, userId: string, on: boolean): Promise<SmsStatus> {
  await updateNotificationPreferences(deps, userId, { smsEnabled: on })
  return smsStatus(deps, userId)
}
