import type { Plan, PromoQuote } from '@picks/contracts'
import { formatCents, promoLimits, promoMessages } from '@picks/contracts/client'
import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useId, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { planPrice } from '../../components/plans/plan-terms.ts'
import { couldExist, promoDurationWords } from '../../components/plans/promo-terms.ts'
import { Button } from '../../components/ui/button.tsx'
import { inputClasses } from '../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { firstProblemResolver } from '../../components/ui/form-problems.ts'
import { ApiError } from '../../lib/api-client.ts'
import { promoQueries } from './api.ts'

const checkFailed = 'We couldn’t check that code. Please try again.'
const enterCode = 'Enter a promo code'

/** Why a quote could not be read, as the buyer reads it: the server's words for a refusal. */
function quoteFailure(error: Error): string {
  if (error instanceof ApiError && error.status < 500 && !error.code.startsWith('HTTP_')) {
    return error.details?.[0]?.message ?? error.message
  }
  return checkFailed
}

type PromoState =
  | { status: 'none' }
  | { status: 'checking'; code: string }
  | { status: 'applied'; code: string }
  | { status: 'refused'; code: string; message: string }

/**
 * The promo code the buyer applied, kept in the page's address (`?promo=CODE`): a link carrying
 * one applies it as the page opens, and it survives signing in and a reload. Each plan on sale is
 * quoted with it, so every card shows its own price.
 */
export function usePromoCode(plans: Plan[]) {
  const [searchParams, setSearchParams] = useSearchParams()
  const queryClient = useQueryClient()
  const code = (searchParams.get('promo') ?? '').trim()
  const askable = couldExist(code)
  const quotes = useQueries({
    queries: plans.map((plan) => ({ ...promoQueries.quote(plan.id, code), enabled: askable })),
  })

  const quoteAt = (planId: string): PromoQuote | undefined =>
    quotes[plans.findIndex((plan) => plan.id === planId)]?.data
  let state: PromoState
  if (!code) state = { status: 'none' }
  else if (!askable) state = { status: 'refused', code, message: promoMessages.unknownCode }
  else if (quotes.some((quote) => quote.data?.valid)) state = { status: 'applied', code }
  else if (quotes.some((quote) => quote.isPending)) state = { status: 'checking', code }
  else {
    const failed = quotes.find((quote) => quote.isError)?.error
    const refusal = quotes.find((quote) => quote.data?.message)?.data?.message
    state = { status: 'refused', code, message: failed ? quoteFailure(failed) : (refusal ?? promoMessages.unknownCode) }
  }

  function setCode(next: string | null) {
    setSearchParams(
      (params) => {
        if (next) params.set('promo', next)
        else params.delete('promo')
        return params
      },
      { replace: true },
    )
  }

  return {
    state,
    /**
     * The plan's quote while the code applies to some plan on sale (a card then says why it leaves
     * this one out); a code that applies to none has its one message on the field instead.
     */
    quoteOf: (planId: string): PromoQuote | undefined => (state.status === 'applied' ? quoteAt(planId) : undefined),
    /** The code to send with a purchase of this plan: none when the server said it does not apply. */
    codeFor(planId: string): string | null {
      if (!askable) return null
      return quoteAt(planId)?.valid === false ? null : code
    },
    apply(next: string) {
      if (next === code) void queryClient.invalidateQueries({ queryKey: promoQueries.all() })
      else setCode(next)
    },
    remove: () => setCode(null),
    /** A checkout refused the code: ask again, so every card shows what holds now. */
    recheck: () => queryClient.invalidateQueries({ queryKey: promoQueries.all() }),
  }
}

export type AppliedPromo = ReturnType<typeof usePromoCode>

/** "Have a promo code?": the field, Apply, and what became of the code (its message on the field). */
export function PromoCodeEntry({ promo }: { promo: AppliedPromo }) {
  const { state } = promo
  const form = useForm<{ code: string }>({
    defaultValues: { code: state.status === 'none' ? '' : state.code },
    resolver: firstProblemResolver(({ code }) => (code.trim() ? null : { field: 'code', message: enterCode })),
    ...checkOnSubmit,
  })
  const inputId = useId()
  const messageId = useId()
  const error = form.formState.errors.code?.message ?? (state.status === 'refused' ? state.message : null)

  function onSubmit(event: FormEvent) {
    void form.handleSubmit(({ code }) => promo.apply(code.trim()))(event)
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4"
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Have a promo code?
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          {...form.register('code')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          // No code is longer (a longer one would be refused unasked, as one that does not exist).
          maxLength={promoLimits.codeMaxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          className={`${inputClasses} min-w-0 font-mono`}
        />
        <Button type="submit" variant="secondary" className="shrink-0" disabled={state.status === 'checking'}>
          Apply
        </Button>
      </div>
      <div id={messageId} role="status" className="min-h-5 text-sm">
        {error && <p className="text-red-700">{error}</p>}
        {!error && state.status === 'checking' && <p className="text-slate-700">Checking {state.code}…</p>}
        {!error && state.status === 'applied' && (
          <p className="flex flex-wrap items-center gap-x-2 text-emerald-800">
            <span>
              <span className="font-mono font-semibold">{state.code}</span> applied: the prices below include it.
            </span>
            <button
              type="button"
              onClick={() => {
                form.setValue('code', '')
                promo.remove()
              }}
              className="min-h-11 font-semibold text-slate-900 underline underline-offset-2"
            >
              Remove code
            </button>
          </p>
        )}
      </div>
    </form>
  )
}

/**
 * A plan's price with the applied code: the usual price struck through, the price with the code,
 * and for how long ("first payment", "first 3 months", "every payment"). Without a code that
 * applies, the usual price; with one that does not apply to this plan, the reason beneath.
 */
export function PlanPrice({ plan, quote }: { plan: Plan; quote: PromoQuote | undefined }) {
  const usual = planPrice(plan)
  if (!quote?.valid) {
    return (
      <>
        <p className="text-2xl font-bold text-slate-900">{usual}</p>
        {quote?.message && <p className="text-sm text-slate-600">{quote.message}</p>}
      </>
    )
  }
  const discounted = planPrice({ ...plan, price_cents: quote.discounted_cents })
  const words = quote.duration ? promoDurationWords(quote.duration, quote.duration_months) : null
  const lasting =
    plan.kind !== 'subscription' || !words
      ? `one payment of ${formatCents(quote.discounted_cents, plan.currency)}`
      : quote.duration === 'forever'
        ? `${discounted} on ${words}`
        : `${discounted} for the ${words}, then ${usual}`
  return (
    <>
      <p className="flex flex-wrap items-baseline gap-x-2 text-2xl font-bold text-slate-900">
        <span className="sr-only">Was</span>
        <s className="text-base font-medium text-slate-500">{usual}</s>
        <span className="sr-only">, now</span>
        <span>{discounted}</span>
      </p>
      <p className="text-sm font-medium text-emerald-800">
        With {quote.code}: {lasting}.
      </p>
    </>
  )
}
