import { authMessages, passwordProblem, passwordStrength, signUpMessages } from '@picks/contracts/client'
import { useId, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { authErrorMessage, resetPassword } from '../../lib/auth.ts'
import { pageTitle } from '../../lib/site.ts'

const strengthText = { weak: 'Weak', medium: 'Medium', strong: 'Strong' } as const

function PasswordField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full rounded-lg border border-slate-400 px-3 text-base"
      />
    </div>
  )
}

export function Component() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const linkBroken = !token || params.has('error')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState('')
  const [done, setDone] = useState(false)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = passwordProblem(password) ?? (password !== confirm ? signUpMessages.passwordsDiffer : null)
    setError(problem ?? '')
    if (problem) return
    setPending(true)
    try {
      await resetPassword(token, password)
      setDone(true)
    } catch (caught) {
      setError(authErrorMessage(caught, authMessages.resetFailed))
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-10">
      <title>{pageTitle('Reset Password')}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Reset Password</h1>
        {linkBroken ? (
          <p className="mt-4 text-sm text-slate-800">
            This reset link is invalid or has expired.{' '}
            <Link to="/auth" className="font-medium underline underline-offset-2">
              Ask for a new one
            </Link>{' '}
            from the sign-in page (Forgot password?).
          </p>
        ) : done ? (
          <p role="status" className="mt-4 text-sm text-slate-800">
            Your password has been reset. You can now sign in with your new password.{' '}
            <Link to="/auth" className="font-medium underline underline-offset-2">
              Sign in
            </Link>
          </p>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 flex flex-col gap-4">
            <PasswordField label="New Password" value={password} onChange={setPassword} />
            {password && (
              <p className="text-xs text-slate-700" aria-live="polite">
                Password strength: <strong>{strengthText[passwordStrength(password)]}</strong>
              </p>
            )}
            <PasswordField label="Confirm Password" value={confirm} onChange={setConfirm} />
            {error && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {error}
              </p>
            )}
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving…' : 'Reset Password'}
            </Button>
          </form>
        )}
      </div>
    </div>
  )
}
