import type { SecondFactor } from '@picks/contracts'
import { blockedMessage, loginThrottlePolicy, normalizeEmail } from '@picks/contracts/client'
import { useId, useState } from 'react'
import { useController, useForm } from 'react-hook-form'
import { Button } from '../../components/ui/button.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { AccountMismatchError } from '../../auth/auth-session.ts'
import { clearLoginAttempts, recordLoginFailure, remainingLoginBlockMs } from '../../auth/login-attempts.ts'
import { firstProblemResolver, shownProblem } from '../../components/ui/form-problems.ts'
import { linkButton } from '../../components/auth/link-button.ts'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { SecondFactorStep } from '../../components/auth/second-factor-step.tsx'
import { FormError, TextField } from '../../components/ui/text-field.tsx'
import { useFinishSignIn, type SetBusy } from './finish-sign-in.ts'
import { ResetPasswordDialog } from './reset-password-dialog.tsx'

interface SignInFields {
  email: string
  password: string
  rememberMe: boolean
}

/** The e-mail, then the password: the first one missing is the message. */
const checkSignIn = firstProblemResolver<SignInFields, 'email' | 'password'>(({ email, password }) =>
  !normalizeEmail(email)
    ? { field: 'email', message: 'Email is required' }
    : !password
      ? { field: 'password', message: 'Password is required' }
      : null,
)

const shortestBlockMs = Math.min(...loginThrottlePolicy.blocks.map((b) => b.blockMs))

/** E-mail and password; a blocked e-mail is told at once, an account with a second factor goes on to it. */
export function SignInForm({ setBusy }: { setBusy: SetBusy }) {
  const finish = useFinishSignIn(setBusy)
  const form = useForm<SignInFields>({
    defaultValues: { email: '', password: '', rememberMe: true },
    resolver: checkSignIn,
    ...checkOnSubmit,
  })
  const emailField = useController({ control: form.control, name: 'email' }).field
  const passwordField = useController({ control: form.control, name: 'password' }).field
  const rememberMeField = useController({ control: form.control, name: 'rememberMe' }).field
  const error = shownProblem(form.formState.errors, ['email', 'password'])
  const [pending, setPending] = useState(false)
  const [resetOpen, setResetOpen] = useState(false)
  // Set when the password was right and the account asks for a second factor.
  const [secondFactors, setSecondFactors] = useState<SecondFactor[] | null>(null)
  const rememberId = useId()
  const errorId = useId()

  async function signIn({ email, password, rememberMe }: SignInFields) {
    const key = normalizeEmail(email)
    // The local record (spec §3): a blocked e-mail is told at once, without asking the server.
    const waitMs = remainingLoginBlockMs(key)
    if (waitMs > 0) return form.setError('root.server', { message: blockedMessage(waitMs) })
    setPending(true)
    try {
      await finish(async () => {
        const result = await auth.signIn(email, password, rememberMe)
        if (result.kind === 'signed-in') return result.user
        setSecondFactors(result.factors)
        return null
      })
      clearLoginAttempts(key)
    } catch (caught) {
      const reason = caught instanceof ApiError ? caught.reason : undefined
      if (reason === 'INVALID_CREDENTIALS') recordLoginFailure(key)
      if (reason === 'BLOCKED' && caught instanceof ApiError) {
        // The server sends Retry-After; without it, the shortest block of the schedule.
        recordLoginFailure(key, (caught.retryAfterSeconds ?? shortestBlockMs / 1000) * 1000)
      }
      const message = caught instanceof AccountMismatchError ? caught.message : authErrorMessage(caught, 'sign-in')
      form.setError(reason === 'INVALID_CREDENTIALS' ? 'password' : 'root.server', { message })
      setPending(false)
    }
  }

  if (secondFactors) {
    return (
      <SecondFactorStep
        factors={secondFactors}
        onVerified={(user) => finish(async () => user)}
        onCancel={() => {
          setSecondFactors(null)
          form.setValue('password', '')
          setPending(false)
        }}
      />
    )
  }

  return (
    <>
      <form onSubmit={(event) => void form.handleSubmit(signIn)(event)} noValidate className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          value={emailField.value}
          onChange={emailField.onChange}
          autoComplete="email"
          invalid={error.field === 'email'}
          errorId={errorId}
        />
        <TextField
          label="Password"
          type="password"
          value={passwordField.value}
          onChange={passwordField.onChange}
          autoComplete="current-password"
          invalid={error.field === 'password'}
          errorId={errorId}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex min-h-11 items-center gap-2">
            <input
              id={rememberId}
              type="checkbox"
              checked={rememberMeField.value}
              onChange={(event) => rememberMeField.onChange(event.target.checked)}
              className="size-5 accent-emerald-700"
            />
            <label htmlFor={rememberId} className="text-sm text-slate-800">
              Remember me
            </label>
          </div>
          <button type="button" onClick={() => setResetOpen(true)} className={`${linkButton} min-h-11`}>
            Forgot password?
          </button>
        </div>
        <FormError id={errorId} message={error.message} />
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      {/* Outside the sign-in form: the dialog has a form of its own. */}
      <ResetPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  )
}
