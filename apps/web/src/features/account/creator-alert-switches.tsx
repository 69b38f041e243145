import type { CreatorAlertPreference } from '@picks/contracts'
import { notificationMessages, type NotificationChannel } from '@picks/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { FormAlert } from '../../components/ui/form-field.tsx'
import { SwitchField } from '../../components/ui/switch.tsx'
import { serverReason } from '../../components/alerts/alerts-common.ts'
import { applyCreatorChoice, setCreatorChannels, setCreatorEmail } from './api.ts'

/** Why a channel cannot reach the person at all now (global switch off, no verified phone, STOP). */
export interface ChannelBlock {
  blocked: boolean
  /** Shown under the switch while it is blocked: what to do about it. */
  hint: ReactNode
}

function NotOffered({ label, message }: { label: ReactNode; message: string }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{label}</p>
        <p className="text-sm text-slate-700">{message}</p>
      </div>
      <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
        Not offered
      </span>
    </div>
  )
}

/**
 * The two per-creator switches (`/alerts` and `/manage-subscriptions`): e-mail from this creator
 * (`PUT /email-preferences/{me}/creator/{creatorId}`) and texts from this creator (`PUT
 * /creator/subscribers/{me}/notifications`, which carries the e-mail choice along unchanged). A
 * channel the creator does not offer shows as not offered; a channel that cannot reach the person
 * at all is shown off, with the way to turn it on.
 */
export function CreatorAlertSwitches({
  userId,
  preference,
  labels,
  email,
  texts,
}: {
  userId: string
  preference: CreatorAlertPreference
  labels: Record<NotificationChannel, ReactNode>
  email: ChannelBlock
  texts: ChannelBlock
}) {
  const queryClient = useQueryClient()
  const { creatorId } = preference

  const emailChange = useMutation({
    mutationFn: (enabled: boolean) => setCreatorEmail(userId, creatorId, enabled),
    onSuccess: (answer) => applyCreatorChoice(queryClient, userId, creatorId, { enabled: answer.enabled }),
  })
  const textsChange = useMutation({
    mutationFn: (smsEnabled: boolean) =>
      setCreatorChannels(userId, { creatorId, smsEnabled, emailEnabled: preference.enabled }),
    onSuccess: (answer) =>
      applyCreatorChoice(queryClient, userId, creatorId, {
        smsEnabled: answer.smsEnabled,
        enabled: answer.emailEnabled,
      }),
  })
  // The text change sends the e-mail choice too: one change at a time keeps it from sending a stale one.
  const busy = emailChange.isPending || textsChange.isPending

  // While a change is on its way, the switch already shows where it is going.
  const emailOn = emailChange.isPending ? emailChange.variables : preference.enabled
  const textsOn = textsChange.isPending ? textsChange.variables : preference.smsEnabled

  return (
    <div className="flex flex-col gap-4">
      {preference.offers.includes('email') ? (
        <SwitchField
          label={labels.email}
          description={email.blocked ? email.hint : undefined}
          checked={!email.blocked && emailOn}
          disabled={email.blocked}
          busy={busy}
          onCheckedChange={(next) => {
            textsChange.reset()
            emailChange.mutate(next)
          }}
        >
          <FormAlert
            message={emailChange.isError ? notificationMessages.updateEmailPreferences : null}
            detail={serverReason(emailChange.error)}
          />
        </SwitchField>
      ) : (
        <NotOffered label={labels.email} message={notificationMessages.emailNotOffered} />
      )}
      {preference.offers.includes('sms') ? (
        <SwitchField
          label={labels.sms}
          description={texts.blocked ? texts.hint : undefined}
          checked={!texts.blocked && textsOn}
          disabled={texts.blocked}
          busy={busy}
          onCheckedChange={(next) => {
            emailChange.reset()
            textsChange.mutate(next)
          }}
        >
          <FormAlert
            message={textsChange.isError ? notificationMessages.updateSubscriberNotifications : null}
            detail={serverReason(textsChange.error)}
          />
        </SwitchField>
      ) : (
        <NotOffered label={labels.sms} message={notificationMessages.smsNotOffered} />
      )}
    </div>
  )
}
