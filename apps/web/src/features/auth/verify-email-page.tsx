import { useEffect, useId, useState, type FormEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { authErrorMessage, resendVerificationCode, verifyEmail } from '../../lib/auth.ts'
import { returnPathAfterSignIn } from '../../lib/auth-redirect.ts'
import { pageTitle } from '../../lib/site.ts'

export const resendCooldownSeconds = 30

export function Component() {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const email = params.get('email') ?? ''
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  const [pending, setPending] = useState(false)
  const [cooldown, setCooldown] = useState(0)
  const codeId = useId()

  useEffect(() => {
    if (cooldown <= 0) return
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [cooldown])

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    setNotice('')
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code from the e-mail.')
    setPending(true)
    try {
      await verifyEmail(email, code)
      void navigate(returnPathAfterSignIn(location), { replace: true })
    } catch (caught) {
      setError(authErrorMessage(caught, 'Could not verify your e-mail. Please try again.'))
      setPending(false)
    }
  }

  async function resend() {
    setError('')
    setNotice('')
    try {
      await resendVerificationCode(email)
      setNotice(`We sent a new code to ${email}.`)
      setCooldown(resendCooldownSeconds)
    } catch (caught) {
      setError(authErrorMessage(caught, 'Could not send a new code. Please try again.'))
    }
  }

  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-10">
      <title>{pageTitle('Verify your e-mail')}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Verify your e-mail</h1>
        <p className="mt-2 text-sm text-slate-700">
          {email ? (
            <>
              We sent a 6-digit code to <strong>{email}</strong>. Enter it to finish creating your account.
            </>
          ) : (
            'Open the link from the sign-up page to verify your e-mail.'
          )}
        </p>
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-6 flex flex-col gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={codeId} className="text-sm font-medium text-slate-800">
              Verification code
            </label>
            <input
              id={codeId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              className="h-12 w-full rounded-lg border border-slate-400 px-3 text-center text-2xl tracking-[0.5em]"
            />
          </div>
          {error && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          {notice && (
            <p role="status" className="text-sm text-emerald-800">
              {notice}
            </p>
          )}
          <Button type="submit" disabled={pending || !email}>
            {pending ? 'Verifying…' : 'Verify'}
          </Button>
          <Button variant="ghost" disabled={cooldown > 0 || !email} onClick={() => void resend()}>
            {cooldown > 0 ? `Resend code (${cooldown} s)` : 'Resend code'}
          </Button>
        </form>
      </div>
    </div>
  )
}
