import type { SandboxCheckout } from '@picks/contracts'
import { formatCents, paymentMessages } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { Button, buttonClasses } from '../../components/ui/button.tsx'
import { Field, FormAlert, inputClasses } from '../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { problemsFromServer } from '../../components/ui/form-problems.ts'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { planPrice, planTerm } from '../../components/plans/plan-terms.ts'
import { promoDurationWords } from '../../components/plans/promo-terms.ts'
import { pageTitle } from '../../lib/site.ts'
import {
  cancelSandboxCheckout,
  checkoutQueries,
  paySandboxCheckout,
  type SandboxPayBody,
  type SandboxRedirect,
} from './api.ts'

const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Is declined' },
  { number: '4000 0000 0000 9995', outcome: 'Fails for insufficient funds' },
  { number: '4000 0000 0000 0341', outcome: 'Pays now, but every renewal fails' },
] as const

type CardField = 'card_number' | 'expiry' | 'cvc' | 'name'
const cardFields: readonly CardField[] = ['card_number', 'expiry', 'cvc', 'name']

/** The server names fields `body.card_number`, …; those become messages beside the fields. */
const cardFieldOf: Readonly<Record<string, CardField>> = Object.fromEntries(cardFields.map((name) => [name, name]))

/** "12 / 34", "12/34" and "1234" all mean `12/34`. */
function normalizedExpiry(typed: string): string {
  const compact = typed.replace(/\s+/g, '')
  return /^\d{4}$/.test(compact) ? `${compact.slice(0, 2)}/${compact.slice(2)}` : compact
}

function payFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return 'We couldn’t reach the payment service. Check your connection and try again.'
  if (error.status === 402) {
    if (!error.code.startsWith('HTTP_')) return error.message
    return error.reason === 'INSUFFICIENT_FUNDS' ? paymentMessages.insufficientFunds : paymentMessages.cardDeclined
  }
  if (error.status === 400 && Object.keys(problemsFromServer(error.details, cardFieldOf)).length > 0) {
    return 'Please fix the highlighted fields.'
  }
  if (error.reason === 'CHECKOUT_CLOSED') return paymentMessages.checkoutClosed
  return error.code.startsWith('HTTP_') ? 'Payment failed. Please try again.' : error.message
}

function TestModeBanner() {
  return (
    <div className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="text-sm font-bold tracking-widest uppercase">Test mode</p>
      <p className="text-sm">Test mode — no real card is charged</p>
    </div>
  )
}

/** How long a promo code's discount lasts, in the order summary's words. */
function discountTerm(checkout: SandboxCheckout): string {
  if (checkout.kind === 'one_time' || checkout.discount_duration === 'once') return 'On the first payment'
  if (checkout.discount_duration === 'forever') return 'On every payment'
  const months = checkout.discount_months ?? 1
  return `For the first ${months} ${months === 1 ? 'month' : 'months'}`
}

/**
 * What is charged once the trial ends: the plan's price, or with a promo code the discounted price
 * for as long as the code lasts and then the plan's price.
 */
function afterTrial(checkout: SandboxCheckout, terms: Parameters<typeof planPrice>[0]): string {
  const usual = planPrice(terms)
  const duration = checkout.promo_code ? checkout.discount_duration : null
  if (!duration) return `Then ${usual} after the trial, until you cancel.`
  const discounted = planPrice({ ...terms, price_cents: checkout.amount_cents })
  if (duration === 'forever') return `Then ${discounted} after the trial, until you cancel.`
  if (duration === 'once') {
    const first = formatCents(checkout.amount_cents, checkout.currency)
    return `Then ${first} for the first payment after the trial, then ${usual}, until you cancel.`
  }
  const words = promoDurationWords(duration, checkout.discount_months)
  return `Then ${discounted} for the ${words} after the trial, then ${usual}, until you cancel.`
}

function OrderSummary({ checkout }: { checkout: SandboxCheckout }) {
  const terms = {
    kind: checkout.kind,
    interval: checkout.interval,
    access_days: checkout.access_days,
    price_cents: checkout.price_cents,
    currency: checkout.currency,
    trial_days: checkout.trial_days,
  }
  const hasTrial = checkout.kind === 'subscription' && checkout.trial_days > 0
  const totalToday = formatCents(hasTrial ? 0 : checkout.amount_cents, checkout.currency)
  const saving = checkout.price_cents - checkout.amount_cents
  return (
    <section aria-labelledby="order-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="order-title" className="text-lg font-semibold text-slate-900">
        Order summary
      </h2>
      <dl className="mt-3 grid grid-cols-[minmax(7rem,1fr)_minmax(0,2fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-700">Item</dt>
        <dd className="text-right font-medium text-slate-900">{checkout.item_name}</dd>
        <dt className="text-slate-700">Price</dt>
        <dd className="text-right text-slate-900">
          {planPrice(terms)}
          <span className="block text-xs text-slate-600">{planTerm(terms)}</span>
        </dd>
        {hasTrial && (
          <>
            <dt className="text-slate-700">Trial</dt>
            <dd className="text-right text-emerald-800">First {checkout.trial_days} days free</dd>
          </>
        )}
        {checkout.promo_code && (
          <>
            <dt className="text-slate-700">Promo code {checkout.promo_code}</dt>
            <dd className="text-right text-emerald-800">
              −{formatCents(saving, checkout.currency)}
              <span className="block text-xs text-slate-600">{discountTerm(checkout)}</span>
            </dd>
          </>
        )}
        <dt className="-mr-4 border-t border-slate-200 pt-2 pr-4 font-semibold text-slate-900">Total today</dt>
        <dd className="border-t border-slate-200 pt-2 text-right text-lg font-bold text-slate-900">{totalToday}</dd>
      </dl>
      {hasTrial && <p className="mt-2 text-xs text-slate-600">{afterTrial(checkout, terms)}</p>}
      <p className="mt-2 text-xs text-slate-600">Paying as {checkout.customer_email}</p>
    </section>
  )
}

function TestCards() {
  return (
    <section aria-labelledby="test-cards-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <h2 id="test-cards-title" className="font-semibold text-slate-900">
        Test cards
      </h2>
      <p className="text-slate-700">Any future expiry date and any 3-digit security code work.</p>
      <ul className="mt-2 space-y-1">
        {testCards.map((card) => (
          <li key={card.number} className="flex flex-wrap justify-between gap-x-4">
            <span className="font-mono text-slate-900">{card.number}</span>
            <span className="text-slate-700">{card.outcome}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function CardForm({ checkout }: { checkout: SandboxCheckout }) {
  const queryClient = useQueryClient()
  const titleId = useId()
  const form = useForm<SandboxPayBody>({
    defaultValues: { card_number: '', expiry: '', cvc: '', name: '' },
    ...checkOnSubmit,
  })
  const problems = form.formState.errors
  const sessionId = checkout.session_id

  const leave = (answer: SandboxRedirect) => window.location.assign(answer.redirect_url)
  const refreshOnClose = (error: Error) => {
    if (error instanceof ApiError && error.reason === 'CHECKOUT_CLOSED') {
      void queryClient.invalidateQueries({ queryKey: checkoutQueries.sandboxCheckout(sessionId).queryKey })
    }
  }

  const pay = useMutation({
    mutationFn: (body: SandboxPayBody) => paySandboxCheckout(sessionId, body),
    onMutate: () => form.clearErrors(),
    onSuccess: leave,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400) {
        const fromServer = problemsFromServer(error.details, cardFieldOf)
        for (const field of cardFields) {
          const message = fromServer[field]
          if (message) form.setError(field, { message })
        }
      }
      refreshOnClose(error)
    },
  })
  const cancel = useMutation({
    mutationFn: () => cancelSandboxCheckout(sessionId),
    onSuccess: leave,
    onError: refreshOnClose,
  })
  // Back here with the browser's Back button, the page may come out of the back-forward cache as it
  // left, still "on its way": make it usable again.
  const resetPay = pay.reset
  const resetCancel = cancel.reset
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      resetPay()
      resetCancel()
      void queryClient.invalidateQueries({ queryKey: checkoutQueries.sandboxCheckout(sessionId).queryKey })
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [resetPay, resetCancel, queryClient, sessionId])
  // After success the browser is on its way to the next page: nothing more to click here.
  const busy = pay.isPending || pay.isSuccess || cancel.isPending || cancel.isSuccess

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    // No checks here: the server says what is wrong with a card, and `pay` shows it at the field.
    void form.handleSubmit((values) =>
      pay.mutate({
        card_number: values.card_number.replace(/\s+/g, ''),
        expiry: normalizedExpiry(values.expiry),
        cvc: values.cvc.trim(),
        name: values.name.trim(),
      }),
    )(event)
  }

  const failure = pay.isError ? payFailureMessage(pay.error) : cancel.isError ? payFailureMessage(cancel.error) : null

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Pay with card
      </h2>
      <Field label="Card number" error={problems.card_number?.message}>
        {(control) => (
          <input
            {...control}
            autoComplete="cc-number"
            inputMode="numeric"
            placeholder="4242 4242 4242 4242"
            maxLength={30}
            className={inputClasses}
            {...form.register('card_number')}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Expiry (MM / YY)" error={problems.expiry?.message}>
          {(control) => (
            <input
              {...control}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM / YY"
              maxLength={7}
              className={inputClasses}
              {...form.register('expiry')}
            />
          )}
        </Field>
        <Field label="CVC" error={problems.cvc?.message}>
          {(control) => (
            <input
              {...control}
              autoComplete="cc-csc"
              inputMode="numeric"
              placeholder="123"
              maxLength={4}
              className={inputClasses}
              {...form.register('cvc')}
            />
          )}
        </Field>
      </div>
      <Field label="Name on card" optional error={problems.name?.message}>
        {(control) => (
          <input
            {...control}
            autoComplete="cc-name"
            maxLength={120}
            className={inputClasses}
            {...form.register('name')}
          />
        )}
      </Field>
      <FormAlert message={failure} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <Button type="submit" disabled={busy} className="sm:min-w-32">
          {pay.isPending ? 'Paying…' : pay.isSuccess ? 'Redirecting…' : 'Pay'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => cancel.mutate()}>
          {cancel.isPending || cancel.isSuccess ? 'Cancelling…' : 'Cancel checkout'}
        </Button>
      </div>
    </form>
  )
}

function ClosedCheckout({ checkout }: { checkout: SandboxCheckout }) {
  const paid = checkout.status === 'complete'
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{paid ? 'Checkout complete' : 'Checkout closed'}</h1>
      <p className="text-slate-700">
        {paymentMessages.checkoutClosed}{' '}
        {paid ? 'It has already been paid.' : 'It has expired or was cancelled. You have not been charged.'}
      </p>
      <div className="flex flex-wrap gap-3">
        {paid && (
          <a href={checkout.success_url} className={buttonClasses('primary')}>
            See your purchase
          </a>
        )}
        <Link to="/shop-picks" className={buttonClasses(paid ? 'secondary' : 'primary')}>
          Back to the shop
        </Link>
      </div>
    </div>
  )
}

function CheckoutContent({ sessionId }: { sessionId: string }) {
  const checkout = useQuery(checkoutQueries.sandboxCheckout(sessionId))

  if (checkout.isPending) {
    return (
      <>
        <p role="status" className="sr-only">
          Loading checkout…
        </p>
        <Skeleton className="h-40" />
        <Skeleton className="h-72" />
      </>
    )
  }
  if (checkout.isError) {
    if (checkout.error instanceof ApiError && checkout.error.status === 404) {
      return (
        <div className="flex flex-col items-start gap-3">
          <h1 className="text-2xl font-bold text-slate-900">Checkout not found</h1>
          <p className="text-slate-700">This checkout link is not valid. You have not been charged.</p>
          <Link to="/shop-picks" className={buttonClasses('primary')}>
            Back to the shop
          </Link>
        </div>
      )
    }
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-bold text-slate-900">We couldn’t load this checkout</h1>
        <p className="text-slate-700">Check your connection and try again.</p>
        <Button onClick={() => void checkout.refetch()}>Try again</Button>
      </div>
    )
  }
  if (checkout.data.status !== 'open') return <ClosedCheckout checkout={checkout.data} />

  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Checkout</h1>
      <OrderSummary checkout={checkout.data} />
      <TestCards />
      <CardForm checkout={checkout.data} />
    </>
  )
}

/**
 * `/sandbox/checkout/{sessionId}`: the sandbox provider's stand-in for a hosted checkout page. It
 * takes only the published test card numbers; the server decides what each one does.
 */
export function Component() {
  const { sessionId = '' } = useParams()
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6 sm:px-6">
      <title>{pageTitle('Test checkout')}</title>
      <TestModeBanner />
      <CheckoutContent key={sessionId} sessionId={sessionId} />
    </div>
  )
}
