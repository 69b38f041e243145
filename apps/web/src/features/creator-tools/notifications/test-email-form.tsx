import { notificationMessages } from '@picks/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { alertKeys, serverReason } from '../../../components/alerts/alerts-common.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, FormAlert, inputClasses } from '../../../components/ui/form-field.tsx'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { sendTestEmail } from '../api/index.ts'

/**
 * A sample pick e-mail to the creator's own address (the server sends to no other). A form, not a
 * titled region: the statistics card is the page's one region named "E-mail".
 */
export function TestEmailForm({ creatorId, email: ownEmail }: { creatorId: string; email: string }) {
  const queryClient = useQueryClient()
  const headingId = useId()
  const [email, setEmail] = useState(ownEmail)
  const [sentTo, setSentTo] = useState('')
  const send = useMutation({
    mutationFn: (address: string) => sendTestEmail(address),
    onMutate: () => setSentTo(''),
    onSuccess: async (_answer, address) => {
      setSentTo(address)
      await queryClient.invalidateQueries({ queryKey: alertKeys.creator(creatorId) })
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!send.isPending) send.mutate(email.trim())
  }

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Test e-mail
        </h2>
        <p className="text-sm text-slate-700">See what your subscribers get: a sample pick e-mail, sent to you.</p>
      </div>
      <Field label="Your e-mail" hint={notificationMessages.testEmailOwnAddressOnly}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>
      <FormAlert message={send.isError ? notificationMessages.sendTestEmail : null} detail={serverReason(send.error)} />
      <StatusNote message={sentTo ? `Test e-mail sent to ${sentTo}.` : ''} />
      <Button type="submit" disabled={send.isPending} aria-busy={send.isPending} className="self-start">
        {send.isPending ? 'Sending…' : 'Send test e-mail'}
      </Button>
    </form>
  )
}
