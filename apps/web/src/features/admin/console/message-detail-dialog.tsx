import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { deliveryQueries, type MessageChannel } from '../api.ts'
import { adminFailure, whenText } from './console-words.ts'
import { deliveryStatusLabels } from './delivery-words.ts'

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="break-all text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * One message (`GET /admin/email-logs/{id}` or `/admin/sms-logs/{id}`): where it went, the full
 * text as sent and its statuses in order. The HTML of an e-mail is shown as its source, never drawn.
 */
export function MessageDetailDialog({
  channel,
  id,
  personal,
  onClose,
}: {
  channel: MessageChannel
  id: string
  personal: boolean
  onClose: () => void
}) {
  const detail = useQuery(deliveryQueries.message(channel, id, personal))
  return (
    <Dialog open onClose={onClose} label={channel === 'email' ? 'The e-mail' : 'The text'}>
      <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
        {detail.isPending ? (
          <Loading label="Loading the message…" className="h-10" count={3} stacked />
        ) : detail.isError ? (
          <ReadFailed
            message="Failed to fetch the message"
            detail={adminFailure(detail.error)}
            onRetry={() => void detail.refetch()}
          />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <Fact term="To">{detail.data.to}</Fact>
              <Fact term="Recipient">{detail.data.recipient?.name ?? 'No account'}</Fact>
              <Fact term="Status">{deliveryStatusLabels[detail.data.status]}</Fact>
              <Fact term="Kind">{detail.data.kind}</Fact>
              <Fact term="Attempts">{detail.data.attempts}</Fact>
              <Fact term="Provider id">{detail.data.providerId ?? 'None'}</Fact>
              {detail.data.pickId && <Fact term="Pick">{detail.data.pickId}</Fact>}
              {detail.data.error && <Fact term="Error">{detail.data.error}</Fact>}
            </dl>
            {channel === 'email' && detail.data.preview && (
              <p className="text-sm">
                <span className="block text-xs text-slate-600">Subject</span>
                {detail.data.preview}
              </p>
            )}
            <div className="text-sm">
              <h3 className="text-xs text-slate-600">Message</h3>
              <p className="break-words whitespace-pre-wrap text-slate-900">
                {detail.data.body ?? (channel === 'sms' ? detail.data.preview : null) ?? 'Not kept by this database.'}
              </p>
            </div>
            {detail.data.html && (
              <details className="text-sm">
                <summary className="cursor-pointer">HTML source</summary>
                <pre className="mt-2 overflow-x-auto rounded bg-slate-100 p-2 text-xs">{detail.data.html}</pre>
              </details>
            )}
            {detail.data.headers && (
              <dl className="grid gap-2 text-sm">
                {Object.entries(detail.data.headers).map(([name, value]) => (
                  <Fact key={name} term={name}>
                    {value}
                  </Fact>
                ))}
              </dl>
            )}
            <div className="text-sm">
              <h3 className="text-xs text-slate-600">Status history</h3>
              <ol aria-label="Status history" className="flex flex-col gap-1">
                {detail.data.history.map((step) => (
                  <li key={`${step.status}-${step.at}`}>
                    {deliveryStatusLabels[step.status]} — <time dateTime={step.at}>{whenText(step.at)}</time>
                  </li>
                ))}
              </ol>
            </div>
          </>
        )}
      </div>
    </Dialog>
  )
}
