import type { ServerUser } from '@picks/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Button } from '../../components/ui/button.tsx'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { fieldOfServerError } from '../../components/auth/auth-form.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { shownProblem } from '../../components/ui/form-problems.ts'
import { FormError, TextField } from '../../components/ui/text-field.tsx'
import { codeDigits } from '../../components/auth/second-factor-step.tsx'
import { alertKeys } from '../../components/alerts/alerts-common.ts'
import { accountQueries } from './api.ts'
import { StatusNote } from '../../components/ui/status-note.tsx'
import { AccountSection } from './account-section.tsx'
import { CodeEntry } from './two-factor/factor-forms.tsx'

export const phoneMessages = {
  required: 'Enter a phone number, starting with + and the country code.',
  verified: 'Phone number verified.',
  hint: 'Start with + and the country code, for example +1 555 123 4567.',
} as const

/** A verified mark: the word carries it, the colour only repeats it. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Verified</span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Not verified</span>
  )
}

interface NumberFields {
  phone: string
}

interface CodeFields {
  code: string
}

/** The phone number, proven with a texted code: Send code, then the code and Verify. */
export function PhoneSection({ user }: { user: ServerUser }) {
  const queryClient = useQueryClient()
  // Two forms, one message under them: submitting either clears the other's error.
  const numberForm = useForm<NumberFields>({ defaultValues: { phone: user.phone ?? '' }, ...checkOnSubmit })
  const codeForm = useForm<CodeFields>({ defaultValues: { code: '' }, ...checkOnSubmit })
  // The number the last code went to: the code proves that number, not whatever the field holds now.
  const [sentTo, setSentTo] = useState<string | null>(null)
  const numberError = shownProblem(numberForm.formState.errors, ['phone'])
  const error = numberError.message ? numberError : shownProblem(codeForm.formState.errors, ['code'])
  const [status, setStatus] = useState('')
  const [pending, setPending] = useState<'send' | 'verify' | null>(null)
  const errorId = useId()

  async function sendCode(number: string) {
    setPending('send')
    try {
      await auth.sendPhoneCode(number)
      setSentTo(number)
      codeForm.setValue('code', '')
      setStatus(`We sent a code to ${number}.`)
    } catch (caught) {
      numberForm.setError(fieldOfServerError(caught) === 'phone' ? 'phone' : 'root.server', {
        message: authErrorMessage(caught, 'send-sms', 'sms'),
      })
    } finally {
      setPending(null)
    }
  }

  async function verify(code: string, number: string) {
    setPending('verify')
    try {
      const updated = await auth.verifyPhone(number, codeDigits(code))
      queryClient.setQueryData(accountQueries.me(user.id).queryKey, updated)
      // Texts need a verified number: the alert settings read again.
      void queryClient.invalidateQueries({ queryKey: alertKeys.user(user.id) })
      numberForm.setValue('phone', updated.phone ?? number)
      setSentTo(null)
      codeForm.setValue('code', '')
      setStatus(phoneMessages.verified)
    } catch (caught) {
      codeForm.setError('code', { message: authErrorMessage(caught, 'phone', 'sms') })
    } finally {
      setPending(null)
    }
  }

  function submitNumber(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    setStatus('')
    codeForm.clearErrors()
    void numberForm.handleSubmit(({ phone }) => void sendCode(phone.trim()))(event)
  }

  function submitCode(event: FormEvent) {
    event.preventDefault()
    if (pending || !sentTo) return
    setStatus('')
    numberForm.clearErrors()
    void codeForm.handleSubmit(({ code }) => void verify(code, sentTo))(event)
  }

  const current = user.phone
  return (
    <AccountSection
      title="Phone"
      description={
        current ? (
          <span className="flex flex-wrap items-center gap-2">
            <span>
              Your number: <strong className="text-slate-900">{current}</strong>
            </span>
            <VerifiedBadge verified={user.phone_verified} />
          </span>
        ) : (
          'Add a phone number to get text messages about your account.'
        )
      }
    >
      <div className="flex flex-col gap-4">
        <form onSubmit={submitNumber} noValidate className="flex flex-col gap-3">
          <Controller
            control={numberForm.control}
            name="phone"
            rules={{ validate: (phone) => (phone.trim() ? true : phoneMessages.required) }}
            render={({ field }) => (
              <TextField
                label="Phone Number"
                type="tel"
                value={field.value}
                onChange={field.onChange}
                autoComplete="tel"
                hint={(id) => (
                  <p id={id} className="text-xs text-slate-600">
                    {phoneMessages.hint}
                  </p>
                )}
                invalid={error.field === 'phone'}
                errorId={errorId}
              />
            )}
          />
          <Button
            type="submit"
            variant="secondary"
            disabled={pending !== null}
            aria-busy={pending === 'send'}
            className="self-start"
          >
            {pending === 'send' ? 'Sending…' : sentTo ? 'Resend code' : 'Send code'}
          </Button>
        </form>
        {sentTo && (
          <form onSubmit={submitCode} noValidate className="flex flex-col gap-3">
            <CodeEntry
              control={codeForm.control}
              name="code"
              label="Code from the text message"
              invalid={error.field === 'code'}
              errorId={errorId}
            />
            <Button type="submit" disabled={pending !== null} aria-busy={pending === 'verify'} className="self-start">
              {pending === 'verify' ? 'Verifying…' : 'Verify'}
            </Button>
          </form>
        )}
        <FormError id={errorId} message={error.message} />
        <StatusNote message={status} />
      </div>
    </AccountSection>
  )
}
