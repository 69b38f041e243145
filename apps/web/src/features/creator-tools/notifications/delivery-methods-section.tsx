import type { DeliveryMethod, DeliveryMethodsAnswer } from '@picks/contracts'
import { type NotificationChannel } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { alertKeys, serverReason } from '../../../components/alerts/alerts-common.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { FormAlert } from '../../../components/ui/form-field.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { SwitchField } from '../../../components/ui/switch.tsx'
import { creatorAlertQueries, removeDeliveryMethod, setDeliveryMethod } from '../api/index.ts'
import { shortDate } from '../creator-words.ts'
import {
  afterRemoval,
  creatorNotificationsMessages,
  methodNames,
  offeredWords,
  removedMessage,
} from './notification-words.ts'

/**
 * The creator's saved channel settings, each removable (`DELETE /delivery-methods/{id}`) after a
 * confirmation that says what the creator's picks go out on afterwards.
 */
function SavedMethods({ answer, onRemoved }: { answer: DeliveryMethodsAnswer; onRemoved: (message: string) => void }) {
  const queryClient = useQueryClient()
  const [removing, setRemoving] = useState<DeliveryMethod | null>(null)
  const remove = useMutation({
    mutationFn: (method: DeliveryMethod) => removeDeliveryMethod(method.id),
    onSuccess: (_, method) => {
      onRemoved(removedMessage(method.method, afterRemoval(answer.methods, method.id)))
      close()
    },
    // Reach and the subscribers' channels follow what is offered: read them all again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.creator(answer.creatorId) }),
  })

  function close() {
    remove.reset()
    setRemoving(null)
  }

  if (answer.methods.length === 0) {
    return <p className="text-sm text-slate-600">{creatorNotificationsMessages.noSavedMethods}</p>
  }
  return (
    <>
      <ul aria-label="Saved delivery settings" className="flex flex-col gap-2 text-sm">
        {answer.methods.map((method) => (
          <li key={method.id} className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <span className="text-slate-800">
              <span className="font-medium text-slate-900">{methodNames[method.method]}</span> ·{' '}
              {method.isActive ? 'on' : 'off'} · saved {shortDate(method.updatedAt)}
            </span>
            <Button
              variant="secondary"
              aria-label={`Remove the ${methodNames[method.method].toLowerCase()} setting`}
              onClick={() => setRemoving(method)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <Dialog
        open={removing !== null}
        onClose={close}
        label={removing ? `Remove the ${methodNames[removing.method].toLowerCase()} setting?` : 'Remove setting?'}
      >
        {removing && (
          <div className="flex flex-col gap-3 text-sm">
            <p className="text-slate-700">
              Afterwards your picks go out {offeredWords(afterRemoval(answer.methods, removing.id))}.
            </p>
            <FormAlert
              message={remove.isError ? creatorNotificationsMessages.methodRemoveFailed : null}
              detail={serverReason(remove.error)}
            />
            <div className="flex flex-col gap-2 sm:flex-row-reverse">
              <Button disabled={remove.isPending} onClick={() => remove.mutate(removing)}>
                {remove.isPending ? 'Removing…' : 'Remove setting'}
              </Button>
              <Button variant="secondary" disabled={remove.isPending} onClick={close}>
                Keep it
              </Button>
            </div>
          </div>
        )}
      </Dialog>
    </>
  )
}

/** The channels the creator's picks go out on (`GET, POST, PUT, DELETE /delivery-methods`). */
export function DeliveryMethodsSection({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  const methods = useQuery(creatorAlertQueries.deliveryMethods(creatorId))
  const [note, setNote] = useState('')
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
    onMutate: () => setNote(''),
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
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-3">
            <h3 className="text-sm font-semibold text-slate-900">Saved settings</h3>
            <SavedMethods answer={methods.data} onRemoved={setNote} />
          </div>
          <StatusNote message={note} />
        </div>
      )}
    </Card>
  )
}
