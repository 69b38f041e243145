import type { DeliveryMethodsAnswer } from '@picks/contracts'
import { type NotificationChannel } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { alertKeys, serverReason } from '../../../components/alerts/alerts-common.ts'
import { Card } from '../../../components/ui/card.tsx'
import { FormAlert } from '../../../components/ui/form-field.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { SwitchField } from '../../../components/ui/switch.tsx'
import { creatorAlertQueries, setDeliveryMethod } from '../api/index.ts'
import { creatorNotificationsMessages } from './notification-words.ts'

/** The channels the creator's picks go out on (`GET, POST, PUT /delivery-methods`). */
export function DeliveryMethodsSection({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  const methods = useQuery(creatorAlertQueries.deliveryMethods(creatorId))
  const change = useMutation({
    mutationFn: ({
      current,
      method,
      on,
    }: {
      current: DeliveryMethodsAnswer
      method: NotificationChannel
      on: boolean
    }) => setDeliveryMethod(current, method, on),
    // Reach and the subscribers' channels follow what is offered: read them all again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.creator(creatorId) }),
  })

  function offered(answer: DeliveryMethodsAnswer, method: NotificationChannel): boolean {
    if (change.isPending && change.variables.method === method) return change.variables.on
    return answer.offered.includes(method)
  }

  return (
    <Card title="Delivery methods" description="How your picks reach the people who subscribe to you.">
      {methods.isPending && <Loading label="Loading your delivery methods…" />}
      {methods.isError && (
        <ReadFailed
          message={creatorNotificationsMessages.methodsLoadFailed}
          detail={serverReason(methods.error)}
          onRetry={() => void methods.refetch()}
        />
      )}
      {methods.isSuccess && (
        <div className="flex flex-col gap-4">
          <SwitchField
            label="Send picks by e-mail"
            description="Each pick in full, with your reasoning."
            checked={offered(methods.data, 'email')}
            busy={change.isPending}
            onCheckedChange={(on) => change.mutate({ current: methods.data, method: 'email', on })}
          />
          <SwitchField
            label="Send picks by text"
            description="A short text with the pick and a link, to subscribers who turned texts on."
            checked={offered(methods.data, 'sms')}
            busy={change.isPending}
            onCheckedChange={(on) => change.mutate({ current: methods.data, method: 'sms', on })}
          />
          {!change.isPending && methods.data.offered.length === 0 && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {creatorNotificationsMessages.noneOffered}
            </p>
          )}
          <FormAlert
            message={change.isError ? creatorNotificationsMessages.methodChangeFailed : null}
            detail={serverReason(change.error)}
          />
        </div>
      )}
    </Card>
  )
}
