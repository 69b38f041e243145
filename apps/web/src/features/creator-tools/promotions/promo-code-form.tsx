import type { Plan, PromoCode } from '@picks/contracts'
import { promoLimits, type PromoDiscountKind, type PromoDuration } from '@picks/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, type FormEvent, type ReactNode } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { promoDurationWords } from '../../../components/plans/promo-terms.ts'
import { planPrice } from '../../../components/plans/plan-terms.ts'
import { Button } from '../../../components/ui/button.tsx'
import { cx } from '../../../components/ui/cx.ts'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, FieldError, FormAlert, inputClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { formProblems } from '../../../components/ui/form-problems.ts'
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { createPromoCode, promotionQueries, updatePromoCode } from '../api/index.ts'
import {
  discountWords,
  newPromoCodeValues,
  promoCodeCreateBody,
  promoCodeFields,
  promoCodeProblems,
  promoCodeUpdateBody,
  promoProblemsFromServer,
  valuesFromPromoCode,
  type PromoCodeField,
  type PromoCodeFormValues,
} from './promo-code-values.ts'

/** Each problem is kept at the field of the same name. */
const promoForm = formProblems<PromoCodeFormValues, PromoCodeField>(promoCodeFields, (field) => field)

const saveFailed = 'We couldn’t save the code. Please try again.'

/** What the dialog is doing: making a code, or changing one. */
export type PromoCodeEditing = { mode: 'new' } | { mode: 'edit'; code: PromoCode }

function Choices<Value extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  error,
  children,
}: {
  legend: string
  name: string
  value: Value
  choices: readonly { value: Value; label: string }[]
  onChange: (value: Value) => void
  error?: string | undefined
  children?: ReactNode
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cx(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900',
              value === choice.value ? 'border-emerald-700' : 'border-slate-300',
            )}
          >
            <input
              type="radio"
              name={name}
              className="accent-emerald-700"
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {children}
      <FieldError message={error} />
    </fieldset>
  )
}

const discountChoices: { value: PromoDiscountKind; label: string }[] = [
  { value: 'percent', label: 'Percent off' },
  { value: 'amount', label: 'Amount off' },
]
const durationChoices: { value: PromoDuration; label: string }[] = [
  { value: 'once', label: 'First payment' },
  { value: 'repeating', label: 'Some months' },
  { value: 'forever', label: 'Every payment' },
]
const scopeChoices: { value: PromoCodeFormValues['scope']; label: string }[] = [
  { value: 'all', label: 'All plans' },
  { value: 'chosen', label: 'Chosen plans' },
]

function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string
  checked: boolean
  onChange: (next: boolean) => void
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="size-4 accent-emerald-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  )
}

function PromoCodeForm({
  creatorId,
  plans,
  editing,
  onDone,
}: {
  creatorId: string
  plans: Plan[]
  editing: PromoCodeEditing
  onDone: (message: string) => void
}) {
  const queryClient = useQueryClient()
  const id = useId()
  const saved = editing.mode === 'edit' ? editing.code : null
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid()
  const form = useForm<PromoCodeFormValues>({
    defaultValues: saved ? valuesFromPromoCode(saved) : newPromoCodeValues,
    resolver: promoForm.resolver((values) => promoCodeProblems(values, saved === null, new Date())),
    ...checkOnSubmit,
  })
  const problems = promoForm.read(form.formState.errors)
  const formError = form.formState.errors.root?.server?.message
  const [discountKind, duration, scope] = form.watch(['discountKind', 'duration', 'scope'])

  const save = useMutation({
    mutationFn: (values: PromoCodeFormValues) =>
      saved
        ? updatePromoCode(saved.id, promoCodeUpdateBody(values))
        : createPromoCode({ creatorId, ...promoCodeCreateBody(values) }),
    onSuccess: async ({ promo_code: code }) => {
      await queryClient.invalidateQueries({ queryKey: promotionQueries.all(creatorId) })
      onDone(saved ? `${code.code} saved.` : `${code.code} created.`)
    },
    onError: (error) => {
      // What the server said about a field shows at that field; anything else under the form.
      const fromServer = error instanceof ApiError ? promoProblemsFromServer(error.details) : {}
      if (Object.keys(fromServer).length > 0) {
        promoForm.show(form.setError, fromServer)
        focusFirstInvalid()
        return
      }
      const message = error instanceof ApiError && !error.code.startsWith('HTTP_') ? error.message : saveFailed
      form.setError('root.server', { message })
    },
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    void form.handleSubmit((values) => save.mutate(values), focusFirstInvalid)(event)
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {saved ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          <span className="font-mono font-semibold">{saved.code}</span>: {discountWords(saved)},{' '}
          {promoDurationWords(saved.duration, saved.duration_months)}. The code and its discount cannot change; make a
          new code to give a different discount.
        </p>
      ) : (
        <>
          <Field label="Code" error={problems.code} hint="Customers type it in any case, like SAVE50 or save50.">
            {(control) => (
              <input
                {...control}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={promoLimits.codeMaxLength + 8}
                className={`${inputClasses} font-mono`}
                {...form.register('code')}
              />
            )}
          </Field>

          <Controller
            control={form.control}
            name="discountKind"
            render={({ field }) => (
              <Choices
                legend="Discount"
                name={`${id}-kind`}
                value={field.value}
                choices={discountChoices}
                onChange={field.onChange}
              >
                {discountKind === 'percent' ? (
                  <Field label="Percent off" error={problems.percentOff} hint="1 to 100">
                    {(control) => (
                      <input
                        {...control}
                        type="number"
                        inputMode="numeric"
                        min={promoLimits.minPercentOff}
                        max={promoLimits.maxPercentOff}
                        className={inputClasses}
                        {...form.register('percentOff')}
                      />
                    )}
                  </Field>
                ) : (
                  <Field label="Amount off (USD)" error={problems.amountOff}>
                    {(control) => (
                      <input
                        {...control}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="5"
                        className={inputClasses}
                        {...form.register('amountOff')}
                      />
                    )}
                  </Field>
                )}
              </Choices>
            )}
          />

          <Controller
            control={form.control}
            name="duration"
            render={({ field }) => (
              <Choices
                legend="On a subscription, the discount applies to"
                name={`${id}-duration`}
                value={field.value}
                choices={durationChoices}
                onChange={field.onChange}
              >
                {duration === 'repeating' && (
                  <Field
                    label="Months"
                    error={problems.durationMonths}
                    hint={`${promoLimits.minDurationMonths} to ${promoLimits.maxDurationMonths}`}
                  >
                    {(control) => (
                      <input
                        {...control}
                        type="number"
                        inputMode="numeric"
                        min={promoLimits.minDurationMonths}
                        max={promoLimits.maxDurationMonths}
                        className={inputClasses}
                        {...form.register('durationMonths')}
                      />
                    )}
                  </Field>
                )}
                <p className="text-xs text-slate-600">A one-time pass has one payment, so it gets the discount once.</p>
              </Choices>
            )}
          />
        </>
      )}

      <Controller
        control={form.control}
        name="scope"
        render={({ field }) => (
          <Choices
            legend="Plans"
            name={`${id}-scope`}
            value={field.value}
            choices={scopeChoices}
            onChange={field.onChange}
            error={problems.planIds}
          >
            {scope === 'chosen' && (
              <Controller
                control={form.control}
                name="planIds"
                render={({ field: chosen }) => (
                  <ul aria-label="Plans the code applies to" className="flex flex-col">
                    {plans.map((plan) => (
                      <li key={plan.id}>
                        <Checkbox
                          label={`${plan.name} (${planPrice(plan)}${plan.active ? '' : ', inactive'})`}
                          checked={chosen.value.includes(plan.id)}
                          onChange={(next) =>
                            chosen.onChange(
                              next ? [...chosen.value, plan.id] : chosen.value.filter((planId) => planId !== plan.id),
                            )
                          }
                        />
                      </li>
                    ))}
                  </ul>
                )}
              />
            )}
          </Choices>
        )}
      />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Expires after" optional error={problems.expiresOn} hint="The code works to the end of that day.">
          {(control) => <input {...control} type="date" className={inputClasses} {...form.register('expiresOn')} />}
        </Field>
        <Field label="Redemption limit" optional error={problems.maxRedemptions} hint="Empty for no limit.">
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={promoLimits.maxRedemptions}
              className={inputClasses}
              {...form.register('maxRedemptions')}
            />
          )}
        </Field>
      </div>

      <div className="flex flex-col">
        <Controller
          control={form.control}
          name="onePerCustomer"
          render={({ field }) => (
            <Checkbox label="One use per customer" checked={field.value} onChange={field.onChange} />
          )}
        />
        <FieldError message={problems.onePerCustomer} />
        {!saved && (
          <>
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Checkbox label="Active: customers can use it now" checked={field.value} onChange={field.onChange} />
              )}
            />
            <FieldError message={problems.active} />
          </>
        )}
      </div>

      <FormAlert message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : saved ? 'Save changes' : 'Create code'}
        </Button>
        <Button variant="secondary" onClick={() => onDone('')} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

/** Making a promo code, or changing one, in a dialog (a sheet at the bottom of a phone's screen). */
export function PromoCodeDialog({
  creatorId,
  plans,
  editing,
  onClose,
}: {
  creatorId: string
  plans: Plan[]
  editing: PromoCodeEditing | null
  /** With what to announce: "SAVE50 created.", or nothing when cancelled. */
  onClose: (message: string) => void
}) {
  const label = editing?.mode === 'edit' ? `Edit ${editing.code.code}` : 'New promo code'
  return (
    <Dialog open={editing !== null} onClose={() => onClose('')} label={label}>
      {/* A long form scrolls inside the panel, so the buttons stay reachable on a phone. */}
      <div className="-mx-1 max-h-[calc(100dvh-7rem)] overflow-y-auto px-1 pb-1">
        {editing && <PromoCodeForm creatorId={creatorId} plans={plans} editing={editing} onDone={onClose} />}
      </div>
    </Dialog>
  )
}
