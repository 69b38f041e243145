import { useEffect, useId, useState, type FormEvent } from 'react'
import { useController, useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { returnPathAfterSignIn } from '../../auth/auth-redirect.ts'
import { completeSignIn } from '../../auth/auth-session.ts'
import { pageTitle } from '../../lib/site.ts'
import { firstProblemResolver, shownProblem } from '../../components/ui/form-problems.ts'
import { CodeField } from '../../components/ui/code-field.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { FormError } from '../../components/ui/text-field.tsx'

export const resendCooldownSeconds = 30
const codeLength = 6

interface VerifyFields {
  code: string
}

const checkCode = firstProblemResolver<VerifyFields, 'code'>(({ code }) =>
  new RegExp(`^\\d{${codeLength}}$`).test(code)
    ? null
    : { field: 'code', message: 'Enter the 6-digit code from the e-mail.' },
)

export function Component() {
  const [params] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const email = params.get('email') ?? ''
  const form = useForm<VerifyFields>({ defaultValues: { code: '' }, resolver: checkCode, ...checkOnSubmit })
  const codeField = useController({ control: form.control, name: 'code' }).field
  const error = shownProblem(form.formState.errors, ['code']).message
  const [notice, setNotice] = useState('')
  const [pending, setPending] = useState(false)
  const [sending, setSending] = useState(false)
  const [cooldown, setCooldown] = useState(0)
  const errorId = useId()

  useEffect(() => {
    if (cooldown <= 0) return
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [cooldown])

  function submit(event: FormEvent) {
    setNotice('')
    void form.handleSubmit(verify)(event)
  }

  async function verify({ code }: VerifyFields) {
    setPending(true)
    try {
      // A verified code signs the person in: the first sign-in keeps the local record (spec §4).
      await completeSignIn(await auth.verifyEmail(email, code))
      void navigate(returnPathAfterSignIn(location), { replace: true })
    } catch (caught) {
      form.setError('root.server', { message: authErrorMessage(caught, 'verify') })
      setPending(false)
    }
  }

  async function resend() {
    form.clearErrors()
    setNotice('')
    setSending(true)
    try {
      await auth.sendVerificationCode(email)
      setNotice(`We sent a new code to ${email}.`)
      setCooldown(resendCooldownSeconds)
    } catch (caught) {
      form.setError('root.server', { message: authErrorMessage(caught, 'send-code') })
    } finally {
      setSending(false)
    }
  }

  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-8 sm:py-12">
      <title>{pageTitle('Verify your e-mail')}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-slate-900">Verify your e-mail</h1>
        {email ? (
          <p className="mt-2 text-sm text-slate-700">
            We sent a 6-digit code to <strong className="break-all">{email}</strong>. Enter it to finish creating your
            account. If it is not in your inbox, check the spam folder.
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-700">
            There is no e-mail address to verify here.{' '}
            <Link to="/auth" className="font-medium underline underline-offset-2">
              Sign up or sign in
            </Link>{' '}
            to get a code.
          </p>
        )}
        {email && (
          <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
            <CodeField
              label="Verification code"
              value={codeField.value}
              onChange={(value) => codeField.onChange(value.replace(/\D/g, '').slice(0, codeLength))}
              maxLength={codeLength}
              invalid={Boolean(error)}
              errorId={errorId}
              className="h-12 w-full rounded-lg border border-slate-400 bg-white px-3 text-center font-mono text-2xl tracking-[0.5em] text-slate-900 focus:border-slate-900 focus:ring-2 focus:ring-slate-900/20 focus:outline-none aria-invalid:border-red-600"
            />
            <FormError id={errorId} message={error} />
            <p role="status" className="text-sm text-emerald-800 empty:hidden">
              {notice}
            </p>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending ? 'Verifying…' : 'Verify'}
            </Button>
            <Button
              variant="ghost"
              disabled={cooldown > 0 || sending}
              aria-busy={sending}
              onClick={() => void resend()}
            >
              {sending ? 'Sending…' : cooldown > 0 ? `Resend code (${cooldown} s)` : 'Resend code'}
            </Button>
          </form>
        )}
      </div>
    </div>
  )
}
