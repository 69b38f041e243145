import type { AdminPurchaseRow, RefundState } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, inputClasses, textareaClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { firstProblemResolver, shownProblem } from '../../../components/ui/form-problems.ts'
import { FormActions } from '../../../components/ui/text-field.tsx'
import { AdminCallError } from '../admin-client.ts'
import { refusalText } from './console-words.ts'
import { noteMaxLength, noteProblem } from './note-dialog.tsx'
import { purchaseStatusLabels } from './sales-labels.ts'

interface RefundFields {
  amount: string
  reason: string
}

/** Dollars as typed ("12", "12.5", "12.50") in cents; null when it is not an amount. */
export function dollarsToCents(dollars: string): number | null {
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(dollars.trim().replace(/^\$/, ''))
  if (!match) return null
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

function amountProblem(amount: string, chargedCents: number, currency: string): string | null {
  if (!amount.trim()) return null
  const cents = dollarsToCents(amount)
  if (cents === null) return 'Give the amount in dollars and cents, such as 12.50.'
  if (cents <= 0) return 'Give an amount above zero, or leave it empty to refund the whole rest.'
  if (cents > chargedCents) return `The purchase charged ${formatCents(chargedCents, currency)}: refund at most that.`
  return null
}

/** The server's words about one field of a 400 (`body.amountCents`), when it named it. */
function fieldRefusal(error: unknown, field: string): string | null {
  if (!(error instanceof AdminCallError) || error.status !== 400) return null
  const body = error.data
  const inner = typeof body === 'object' && body !== null && 'error' in body ? body.error : null
  const details = typeof inner === 'object' && inner !== null && 'details' in inner ? inner.details : null
  if (!Array.isArray(details)) return null
  for (const detail of details) {
    if (typeof detail !== 'object' || detail === null) continue
    if ('field' in detail && detail.field === field && 'message' in detail && typeof detail.message === 'string') {
      return `${error.message}: ${field} ${detail.message}`
    }
  }
  return null
}

/**
 * Refunding a purchase (`POST /admin/purchases/{id}/refund`): an amount in dollars (empty: all that
 * is left to refund) and a reason. One `Idempotency-Key` is made when the dialog opens, so sending
 * the same refund again (after a lost answer) refunds nothing more. The answer stays on screen.
 */
export function RefundDialog({
  purchase,
  onRefund,
  onClose,
}: {
  purchase: AdminPurchaseRow
  onRefund: (body: { amountCents?: number; reason: string }, idempotencyKey: string) => Promise<RefundState>
  onClose: () => void
}) {
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const [done, setDone] = useState<RefundState | null>(null)
  const answer = useRef<HTMLParagraphElement>(null)
  // The form is replaced by the answer: focus goes to it rather than being lost with the form.
  useEffect(() => {
    if (done) answer.current?.focus()
  }, [done])
  const form = useForm<RefundFields>({
    defaultValues: { amount: '', reason: '' },
    resolver: firstProblemResolver<RefundFields, 'amount' | 'reason'>(({ amount, reason }) => {
      const amountMessage = amountProblem(amount, purchase.amountCents, purchase.currency)
      if (amountMessage) return { field: 'amount', message: amountMessage }
      const message = noteProblem(reason, 'Reason')
      return message ? { field: 'reason', message } : null
    }),
    ...checkOnSubmit,
  })
  const errorId = useId()
  const problem = shownProblem(form.formState.errors, ['amount', 'reason'])
  const label = `Refund ${purchase.customer.name}'s ${purchase.plan}`

  function submit(event: FormEvent) {
    void form.handleSubmit(async ({ amount, reason }) => {
      const cents = amount.trim() ? dollarsToCents(amount) : null
      try {
        setDone(
          await onRefund({ ...(cents === null ? {} : { amountCents: cents }), reason: reason.trim() }, idempotencyKey),
        )
      } catch (caught) {
        const onAmount = fieldRefusal(caught, 'body.amountCents')
        if (onAmount) form.setError('amount', { type: 'server', message: onAmount })
        else form.setError('root.server', { message: refusalText(caught) })
      }
    })(event)
  }

  if (done) {
    const facts = [
      [
        'Refunded',
        `${formatCents(done.refundedCents, done.currency)} of ${formatCents(done.chargedCents, done.currency)}`,
      ],
      ['Left to refund', formatCents(done.refundableCents, done.currency)],
      ['Purchase', purchaseStatusLabels[done.status]],
      ['Access', done.hasAccess ? 'Still has access' : 'No access'],
    ] as const
    return (
      <Dialog open onClose={onClose} label={label}>
        <div className="flex flex-col gap-3">
          <p ref={answer} tabIndex={-1} role="status" className="text-sm text-emerald-900 focus:outline-none">
            {done.refundStatus === 'full' ? 'Refunded in full.' : 'Refunded in part.'}
          </p>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt className="text-xs text-slate-600">{term}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <Button onClick={onClose}>Done</Button>
        </div>
      </Dialog>
    )
  }

  return (
    <Dialog open onClose={onClose} label={label}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          The purchase charged {formatCents(purchase.amountCents, purchase.currency)}. The money goes back through the
          payment provider; the refund and its reason go into the audit log.
        </p>
        <Field
          label="Amount in dollars"
          optional
          hint="Leave it empty to refund all that is left to refund."
          error={problem.field === 'amount' ? problem.message : null}
        >
          {(control) => (
            <input {...control} {...form.register('amount')} inputMode="decimal" className={inputClasses} />
          )}
        </Field>
        <Field label="Reason" error={problem.field === 'reason' ? problem.message : null}>
          {(control) => (
            <textarea
              {...control}
              {...form.register('reason')}
              aria-required
              maxLength={noteMaxLength}
              className={textareaClasses}
            />
          )}
        </Field>
        <FormActions
          errorId={errorId}
          error={problem.field ? '' : problem.message}
          pending={form.formState.isSubmitting}
          submitLabel="Refund"
          pendingLabel="Refunding…"
          onCancel={onClose}
        />
      </form>
    </Dialog>
  )
}
