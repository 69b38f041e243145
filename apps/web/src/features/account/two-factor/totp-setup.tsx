import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { auth, authErrorMessage, type TotpEnrolment } from '../../../auth/auth.ts'
import { codeDigits } from '../../../components/auth/second-factor-step.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { shownProblem } from '../../../components/ui/form-problems.ts'
import {
  CodeStep,
  discardUnconfirmed,
  PasswordStep,
  passwordRefused,
  submitStep,
  twoFactorMessages,
  type FactorSetupProps,
} from './factor-forms.tsx'

interface TotpFields {
  password: string
  code: string
}

/**
 * Authenticator app: the password (if the account has one), then the QR code and the same secret as
 * text to type by hand, then a code from the app to confirm. Cancelling removes the unconfirmed factor.
 * One form holds both steps: each step's field is checked while it shows.
 */
export function TotpSetup({ hasPassword, onDone, onCancel }: FactorSetupProps) {
  const form = useForm<TotpFields>({ defaultValues: { password: '', code: '' }, ...checkOnSubmit })
  const error = shownProblem(form.formState.errors, ['password', 'code'])
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [pending, setPending] = useState(false)
  const errorId = useId()
  const secretId = useId()

  async function start({ password }: TotpFields) {
    setPending(true)
    try {
      setEnrolment(await auth.enrollTotp(hasPassword ? { password } : {}))
    } catch (caught) {
      form.setError(passwordRefused(caught) ? 'password' : 'root.server', {
        message: authErrorMessage(caught, 'factors'),
      })
    } finally {
      setPending(false)
    }
  }

  async function confirm({ code }: TotpFields) {
    if (!enrolment) return
    setPending(true)
    try {
      const challenge = await auth.challengeFactor(enrolment.factor)
      await auth.confirmFactor(enrolment.factor.id, challenge.challenge_id, codeDigits(code))
      onDone(twoFactorMessages.appAdded)
    } catch (caught) {
      form.setError('code', { message: authErrorMessage(caught, 'factors', 'app') })
      setPending(false)
    }
  }

  function cancel() {
    // The half-made factor is of no use.
    if (enrolment) discardUnconfirmed(enrolment.factor.id, hasPassword, form.getValues('password'))
    onCancel()
  }

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-base font-semibold text-slate-900">Set up an authenticator app</h3>
      {!enrolment ? (
        <form onSubmit={submitStep(form, !pending, start)} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Use an app such as Google Authenticator, Microsoft Authenticator or 1Password.
            {hasPassword && ' Confirm with your password to begin.'}
          </p>
          <PasswordStep
            control={form.control}
            name="password"
            problem={error}
            hasPassword={hasPassword}
            errorId={errorId}
            pending={pending}
            submitLabel="Continue"
            pendingLabel="Starting…"
            onCancel={cancel}
          />
        </form>
      ) : (
        <form onSubmit={submitStep(form, !pending, confirm)} noValidate className="flex flex-col gap-3">
          <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm text-slate-800">
            <li>
              Scan this QR code with your authenticator app.
              <img
                src={enrolment.totp.qr_code}
                alt="QR code for your authenticator app"
                width={192}
                height={192}
                className="mt-2 size-48 rounded-lg border border-slate-200 bg-white p-2"
              />
            </li>
            <li>
              <span id={secretId}>Can’t scan it? Enter this setup key in the app instead:</span>
              <code
                aria-labelledby={secretId}
                className="mt-1 block rounded-lg border border-slate-200 bg-white px-3 py-2 font-mono text-base tracking-wider break-all text-slate-900 select-all"
              >
                {enrolment.totp.secret}
              </code>
            </li>
            <li>Enter the 6-digit code the app shows to finish.</li>
          </ol>
          <CodeStep
            control={form.control}
            name="code"
            problem={error}
            label="Code from the app"
            errorId={errorId}
            pending={pending}
            submitLabel="Confirm"
            pendingLabel="Checking…"
            onCancel={cancel}
          />
        </form>
      )}
    </div>
  )
}
