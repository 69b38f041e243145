import { formatCents, paymentLimits, paymentMessages } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { Field, FormAlert, inputClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { checkPayoutAmount } from '../../../lib/payout-amount.ts'
import { Card } from '../../../components/ui/card.tsx'
import { payoutQueries, requestPayout, serverReason } from '../api/index.ts'

/** The server's word on the amount: its field detail, or the over-balance refusal. */
function amountProblemFrom(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  if (error.reason === 'OVER_BALANCE') return paymentMessages.payoutOverBalance
  return error.details?.find((issue) => issue.field === 'amount' || issue.field === 'body.amount')?.message
}

interface PayoutFields {
  amount: string
  description: string
}

/** A payout request (spec §3 "Payout request"): dollars typed, cents sent, at least $10 and at most what is available. */
export function PayoutRequestForm({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  const balance = useQuery(payoutQueries.balance(creatorId))
  const form = useForm<PayoutFields>({
    defaultValues: { amount: '', description: '' },
    ...checkOnSubmit,
  })
  const [confirmation, setConfirmation] = useState<string | null>(null)

  const payout = useMutation({
    mutationFn: requestPayout,
    onSuccess: async (requested) => {
      setConfirmation(
        `Payout of ${formatCents(requested.amount_cents, requested.currency)} requested. It is listed under Payouts below.`,
      )
      form.reset()
      await queryClient.invalidateQueries({ queryKey: payoutQueries.all(creatorId) })
    },
    onError: (error) => {
      const problem = amountProblemFrom(error)
      if (problem) form.setError('amount', { message: problem })
    },
  })

  const availableCents = balance.data?.available_cents ?? null
  const currency = balance.data?.currency ?? 'usd'

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (payout.isPending) return
    setConfirmation(null)
    payout.reset()
    void form.handleSubmit(({ amount, description }) => {
      const { cents } = checkPayoutAmount(amount, availableCents)
      if (cents !== undefined) payout.mutate({ creatorId, amount: cents, description: description.trim() })
    })(event)
  }

  const hint =
    availableCents === null
      ? `At least ${formatCents(paymentLimits.minPayoutCents, currency)}.`
      : `At least ${formatCents(paymentLimits.minPayoutCents, currency)}, at most your available ${formatCents(availableCents, currency)}.`

  return (
    <Card
      look="flat"
      title="Request a payout"
      description="Move money from your available balance to your bank account."
    >
      <form noValidate aria-label="Request a payout" onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-[12rem_1fr]">
          <Field label="Amount (USD)" error={form.formState.errors.amount?.message} hint={hint}>
            {(control) => (
              <div className="flex items-center gap-1">
                <span aria-hidden="true" className="text-slate-700">
                  $
                </span>
                <input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="25.00"
                  className={inputClasses}
                  {...form.register('amount', {
                    validate: (text) => checkPayoutAmount(text, availableCents).problem ?? true,
                  })}
                />
              </div>
            )}
          </Field>
          <Field label="Description" optional>
            {(control) => (
              <input
                {...control}
                autoComplete="off"
                maxLength={paymentLimits.payoutDescriptionMaxLength}
                placeholder="March payout"
                className={inputClasses}
                {...form.register('description')}
              />
            )}
          </Field>
        </div>
        <FormAlert message={payout.isError ? paymentMessages.payoutFailed : null} detail={serverReason(payout.error)} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={payout.isPending}>
            {payout.isPending ? 'Requesting…' : 'Request payout'}
          </Button>
          <p role="status" className="text-sm font-medium text-emerald-900">
            {confirmation}
          </p>
        </div>
      </form>
    </Card>
  )
}
