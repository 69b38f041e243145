import type { SecondFactor } from '@picks/contracts'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useController, useForm } from 'react-hook-form'
import { Button } from '../ui/button.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { auth, authErrorMessage, type SessionUser } from '../../auth/auth.ts'
import { CodeField } from '../ui/code-field.tsx'
import { checkOnSubmit } from '../ui/form-options.ts'
import { firstProblemResolver, shownProblem } from '../ui/form-problems.ts'
import { linkButton } from './link-button.ts'
import { FormError } from '../ui/text-field.tsx'

/** Six digits; spaces and dashes a person types or pastes between groups are ignored. */
export function codeDigits(value: string): string {
  return value.replace(/[\s-]/g, '')
}

export const secondFactorMessages = {
  codeFormat: 'Enter the 6-digit code.',
  sendFirst: 'Send a code to your phone first.',
} as const

/** How a factor is offered: the app (by its name, if it has one) or a text message to the masked number. */
export function factorLabel(factor: SecondFactor): string {
  if (factor.factor_type === 'phone') return `Text message to ${factor.phone ?? 'your phone'}`
  return factor.friendly_name ? `Authenticator app (${factor.friendly_name})` : 'Authenticator app'
}

interface CodeFields {
  code: string
}

/** Reasons after which the challenge is spent: the next try opens a new one. */
const spentReasons = new Set(['CODE_EXPIRED', 'TOO_MANY_CODE_ATTEMPTS', 'CHALLENGE_NOT_FOUND'])

/**
 * The second step of a sign-in for an account with a verified second factor (spec §4 "multi-factor
 * challenge verified"): the factor to use, a code from the app or a texted one, Verify. `onVerified`
 * gets the session user once the server opened the session; a failure it throws is shown here.
 */
export function SecondFactorStep({
  factors,
  onVerified,
  onCancel,
}: {
  factors: SecondFactor[]
  onVerified: (user: SessionUser) => Promise<void>
  onCancel: () => void
}) {
  const [factorId, setFactorId] = useState(() => factors[0]?.id ?? '')
  const [challenge, setChallenge] = useState<{ factorId: string; id: string } | null>(null)
  const factor = factors.find((f) => f.id === factorId) ?? factors[0]
  const sms = factor?.factor_type === 'phone'
  const codeFrom = sms ? 'sms' : 'app'
  const openChallenge = factor && challenge?.factorId === factor.id ? challenge.id : null
  const form = useForm<CodeFields>({
    defaultValues: { code: '' },
    // The format first, then (a texted code) whether one was sent.
    resolver: firstProblemResolver(({ code }) =>
      !/^\d{6}$/.test(codeDigits(code))
        ? { field: 'code', message: secondFactorMessages.codeFormat }
        : sms && !openChallenge
          ? { field: 'code', message: secondFactorMessages.sendFirst }
          : null,
    ),
    ...checkOnSubmit,
  })
  const codeField = useController({ control: form.control, name: 'code' }).field
  const error = shownProblem(form.formState.errors, ['code']).message
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [pending, setPending] = useState<'send' | 'verify' | null>(null)
  const id = useId()
  const errorId = `${id}-error`
  const titleId = `${id}-title`
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => headingRef.current?.focus(), [])

  if (!factor) return null

  function choose(id: string) {
    setFactorId(id)
    form.setValue('code', '')
    form.clearErrors()
    setSentTo(null)
  }

  async function sendCode() {
    if (!factor) return
    form.clearErrors()
    setPending('send')
    try {
      const opened = await auth.challengeFactor(factor)
      setChallenge({ factorId: factor.id, id: opened.challenge_id })
      setSentTo(factor.phone ?? 'your phone')
    } catch (caught) {
      form.setError('root.server', { message: authErrorMessage(caught, 'send-sms', 'sms') })
    } finally {
      setPending(null)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    void form.handleSubmit(verify)(event)
  }

  async function verify({ code }: CodeFields) {
    if (!factor) return
    setPending('verify')
    try {
      // An app's code is checked against a challenge opened when it is sent.
      const challengeId = openChallenge ?? (await auth.challengeFactor(factor)).challenge_id
      setChallenge({ factorId: factor.id, id: challengeId })
      const user = await auth.verifySignInCode(factor.id, challengeId, codeDigits(code))
      await onVerified(user)
    } catch (caught) {
      if (caught instanceof ApiError && caught.reason && spentReasons.has(caught.reason)) {
        setChallenge(null)
        setSentTo(null)
      }
      form.setError('root.server', { message: authErrorMessage(caught, 'second-factor', codeFrom) })
      setPending(null)
    }
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <div>
        <h2 ref={headingRef} id={titleId} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          Two-factor verification
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {sms
            ? `We text a 6-digit code to ${factor.phone ?? 'your phone'}.`
            : 'Enter the 6-digit code your authenticator app shows for this account.'}
        </p>
      </div>

      {factors.length > 1 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Verify with</legend>
          {factors.map((option) => (
            <label
              key={option.id}
              className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 px-3 text-sm text-slate-800 has-checked:border-emerald-700 has-checked:bg-emerald-50"
            >
              <input
                type="radio"
                name={`${id}-factor`}
                value={option.id}
                checked={option.id === factor.id}
                onChange={() => choose(option.id)}
                className="size-4 accent-emerald-700"
              />
              {factorLabel(option)}
            </label>
          ))}
        </fieldset>
      )}

      {sms && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={pending !== null}
            aria-busy={pending === 'send'}
            onClick={() => void sendCode()}
          >
            {pending === 'send' ? 'Sending…' : sentTo ? 'Resend code' : 'Send code'}
          </Button>
          {sentTo && (
            <p role="status" className="text-sm text-slate-700">
              Code sent to {sentTo}.
            </p>
          )}
        </div>
      )}

      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <CodeField
          label="Verification code"
          value={codeField.value}
          onChange={codeField.onChange}
          invalid={Boolean(error)}
          errorId={errorId}
        />
        <FormError id={errorId} message={error} />
        <Button type="submit" disabled={pending !== null} aria-busy={pending === 'verify'}>
          {pending === 'verify' ? 'Verifying…' : 'Verify'}
        </Button>
      </form>
      <button type="button" onClick={onCancel} className={`${linkButton} min-h-11 self-start`}>
        Back to sign in
      </button>
    </section>
  )
}
