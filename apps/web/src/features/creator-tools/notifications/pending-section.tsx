import { notificationMessages } from '@picks/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { alertKeys, isPending, serverReason } from '../../../components/alerts/alerts-common.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { FormAlert } from '../../../components/ui/form-field.tsx'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { sendBatchNow } from '../api/index.ts'
import { DeliveryList, newestFirst, useCreatorLogs } from './deliveries.tsx'
import { batchSentMessage, creatorNotificationsMessages } from './notification-words.ts'

/** Queued and sending deliveries of both channels, with Send Batch Now. */
export function PendingSection({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  const logs = useCreatorLogs(creatorId)
  const [announcement, setAnnouncement] = useState('')
  const send = useMutation({
    mutationFn: () => sendBatchNow(creatorId),
    onMutate: () => setAnnouncement(''),
    onSuccess: async ({ flushed }) => {
      setAnnouncement(batchSentMessage(flushed))
      await queryClient.invalidateQueries({ queryKey: alertKeys.creator(creatorId) })
    },
  })
  const pending = [...logs.byChannel.email, ...logs.byChannel.sms]
    .filter((delivery) => isPending(delivery.status))
    .sort(newestFirst)

  return (
    <Card
      title="Pending deliveries"
      description="Alerts waiting for their batch or for another try. They go out on their own; Send Batch Now sends them at once."
      actions={
        <Button onClick={() => send.mutate()} disabled={send.isPending} aria-busy={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Batch Now'}
        </Button>
      }
    >
      <FormAlert message={send.isError ? notificationMessages.sendBatch : null} detail={serverReason(send.error)} />
      <StatusNote message={announcement} />
      <DeliveryList
        logs={logs}
        deliveries={pending}
        label="Waiting to be sent"
        loading={{ label: 'Loading pending deliveries…' }}
        empty={creatorNotificationsMessages.nothingPending}
        showNextTry
      />
    </Card>
  )
}
