import type { Factor } from '@picks/contracts'
import { useId, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { auth, authErrorMessage } from '../../../auth/auth.ts'
import { fieldOfServerError } from '../../../components/auth/auth-form.tsx'
import { codeDigits, secondFactorMessages } from '../../../components/auth/second-factor-step.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { shownProblem } from '../../../components/ui/form-problems.ts'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import {
  CodeStep,
  discardUnconfirmed,
  PasswordStep,
  passwordRefused,
  submitStep,
  twoFactorMessages,
  type FactorSetupProps,
} from './factor-forms.tsx'

interface SmsFactorFields {
  phone: string
  password: string
  code: string
}

/**
 * Text message: the number and the password (if any), a texted code, then that code to confirm.
 * One form holds both steps: each step's fields are checked while they show.
 */
export function SmsFactorSetup({
  hasPassword,
  phone: knownPhone,
  onDone,
  onCancel,
}: FactorSetupProps & { phone: string }) {
  const form = useForm<SmsFactorFields>({
    defaultValues: { phone: knownPhone, password: '', code: '' },
    ...checkOnSubmit,
  })
  const error = shownProblem(form.formState.errors, ['phone', 'password', 'code'])
  const [factor, setFactor] = useState<Factor | null>(null)
  const [challengeId, setChallengeId] = useState<string | null>(null)
  const [sent, setSent] = useState('')
  const [pending, setPending] = useState<'send' | 'confirm' | null>(null)
  const errorId = useId()

  /** Texts a code; `phone` is the number as typed, named when the factor does not show its own. */
  async function text(target: Factor, phone: string) {
    const challenge = await auth.challengeFactor(target)
    setChallengeId(challenge.challenge_id)
    setSent(`We sent a code to ${target.phone ?? phone.trim()}.`)
  }

  async function start({ phone, password }: SmsFactorFields) {
    setPending('send')
    try {
      const created = await auth.enrollPhone({ phone, ...(hasPassword ? { password } : {}) })
      setFactor(created)
      await text(created, phone)
    } catch (caught) {
      const field = passwordRefused(caught) ? 'password' : fieldOfServerError(caught) === 'phone' ? 'phone' : null
      form.setError(field ?? 'root.server', { message: authErrorMessage(caught, 'factors', 'sms') })
    } finally {
      setPending(null)
    }
  }

  async function resend() {
    if (!factor || pending) return
    form.clearErrors()
    setPending('send')
    try {
      await text(factor, form.getValues('phone'))
    } catch (caught) {
      form.setError('root.server', { message: authErrorMessage(caught, 'send-sms', 'sms') })
    } finally {
      setPending(null)
    }
  }

  async function confirm({ code }: SmsFactorFields) {
    if (!factor) return
    if (!challengeId) return form.setError('root.server', { message: secondFactorMessages.sendFirst })
    setPending('confirm')
    try {
      await auth.confirmFactor(factor.id, challengeId, codeDigits(code))
      onDone(twoFactorMessages.phoneAdded)
    } catch (caught) {
      form.setError('code', { message: authErrorMessage(caught, 'factors', 'sms') })
      setPending(null)
    }
  }

  function cancel() {
    if (factor) discardUnconfirmed(factor.id, hasPassword, form.getValues('password'))
    onCancel()
  }

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-base font-semibold text-slate-900">Add a text-message factor</h3>
      {!factor ? (
        <form onSubmit={submitStep(form, !pending, start)} noValidate className="flex flex-col gap-3">
          <PasswordStep
            control={form.control}
            name="password"
            problem={error}
            hasPassword={hasPassword}
            fields={
              <Controller
                key="phone"
                control={form.control}
                name="phone"
                rules={{ validate: (phone) => (phone.trim() ? true : twoFactorMessages.phoneRequired) }}
                render={({ field }) => (
                  <TextField
                    label="Phone Number for Codes"
                    type="tel"
                    value={field.value}
                    onChange={field.onChange}
                    autoComplete="tel"
                    invalid={error.field === 'phone'}
                    errorId={errorId}
                  />
                )}
              />
            }
            errorId={errorId}
            pending={pending !== null}
            busy={pending === 'send'}
            submitLabel="Send code"
            pendingLabel="Sending…"
            onCancel={cancel}
          />
        </form>
      ) : (
        <form onSubmit={submitStep(form, !pending, confirm)} noValidate className="flex flex-col gap-3">
          <StatusNote message={sent} />
          <CodeStep
            control={form.control}
            name="code"
            problem={error}
            label="Code from the text message"
            errorId={errorId}
            pending={pending !== null}
            busy={pending === 'confirm'}
            submitLabel="Confirm"
            pendingLabel="Checking…"
            onCancel={cancel}
          >
            <Button variant="secondary" disabled={pending !== null} onClick={() => void resend()}>
              Resend code
            </Button>
          </CodeStep>
        </form>
      )}
    </div>
  )
}
