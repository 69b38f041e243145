import type { ServerUser } from '@picks/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { fieldOfServerError } from '../../components/auth/auth-form.tsx'
import { CodeField } from '../../components/ui/code-field.tsx'
import { FormError, TextField } from '../../components/ui/text-field.tsx'
import { codeDigits, secondFactorMessages } from '../../components/auth/second-factor-step.tsx'
import { accountQueries } from './api.ts'
import { StatusNote } from '../../components/ui/status-note.tsx'
import { AccountSection } from './account-section.tsx'

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

/** The phone number, proven with a texted code: Send code, then the code and Verify. */
export function PhoneSection({ user }: { user: ServerUser }) {
  const queryClient = useQueryClient()
  const [phone, setPhone] = useState(user.phone ?? '')
  const [code, setCode] = useState('')
  // The number the last code went to: the code proves that number, not whatever the field holds now.
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [error, setError] = useState<{ message: string; field: 'phone' | 'code' | null }>({ message: '', field: null })
  const [status, setStatus] = useState('')
  const [pending, setPending] = useState<'send' | 'verify' | null>(null)
  const errorId = useId()

  async function sendCode(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    setStatus('')
    const number = phone.trim()
    if (!number) return setError({ message: phoneMessages.required, field: 'phone' })
    setError({ message: '', field: null })
    setPending('send')
    try {
      await auth.sendPhoneCode(number)
      setSentTo(number)
      setCode('')
      setStatus(`We sent a code to ${number}.`)
    } catch (caught) {
      setError({
        message: authErrorMessage(caught, 'send-sms', 'sms'),
        field: fieldOfServerError(caught) === 'phone' ? 'phone' : null,
      })
    } finally {
      setPending(null)
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault()
    if (pending || !sentTo) return
    setStatus('')
    const digits = codeDigits(code)
    if (!/^\d{6}$/.test(digits)) return setError({ message: secondFactorMessages.codeFormat, field: 'code' })
    setError({ message: '', field: null })
    setPending('verify')
    try {
      const updated = await auth.verifyPhone(sentTo, digits)
      queryClient.setQueryData(accountQueries.me(user.id).queryKey, updated)
      setPhone(updated.phone ?? sentTo)
      setSentTo(null)
      setCode('')
      setStatus(phoneMessages.verified)
    } catch (caught) {
      setError({ message: authErrorMessage(caught, 'phone', 'sms'), field: 'code' })
    } finally {
      setPending(null)
    }
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
        <form onSubmit={(event) => void sendCode(event)} noValidate className="flex flex-col gap-3">
          <TextField
            label="Phone Number"
            type="tel"
            value={phone}
            onChange={setPhone}
            autoComplete="tel"
            hint={(id) => (
              <p id={id} className="text-xs text-slate-600">
                {phoneMessages.hint}
              </p>
            )}
            invalid={error.field === 'phone'}
            errorId={errorId}
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
          <form onSubmit={(event) => void verify(event)} noValidate className="flex flex-col gap-3">
            <CodeField
              label="Code from the text message"
              value={code}
              onChange={setCode}
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
