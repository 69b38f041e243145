import {
  authMessages,
  blockedMessage,
  isPlausibleEmail,
  loginThrottlePolicy,
  normalizeEmail,
  passwordProblem,
  passwordStrength,
  signUpMessages,
  type PasswordStrength,
} from '@picks/contracts/client'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link, Navigate, useLocation, useNavigate } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { BottomSheet } from '../../components/ui/sheet.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { authErrorMessage, requestPasswordReset, signIn, signUp } from '../../lib/auth.ts'
import { clearLoginAttempts, recordLoginFailure, remainingLoginBlockMs } from '../../lib/login-attempts.ts'
import { returnPathAfterSignIn } from '../../lib/auth-redirect.ts'
import { pageTitle, site } from '../../lib/site.ts'
import { useStoredUser } from '../../lib/stored-user.ts'

type Mode = 'sign-in' | 'sign-up'

const shortestBlockMs = Math.min(...loginThrottlePolicy.blocks.map((b) => b.blockMs))

const inputClasses =
  'h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-slate-900 focus:outline-none focus:ring-2 focus:ring-slate-900/20'

function Field({
  label,
  type = 'text',
  value,
  onChange,
  autoComplete,
  optional = false,
  children,
}: {
  label: string
  type?: string
  value: string
  onChange: (value: string) => void
  autoComplete?: string
  optional?: boolean
  children?: ReactNode
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="font-normal text-slate-500"> (optional)</span>}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        required={!optional}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
      />
      {children}
    </div>
  )
}

const strengthLabels: Record<PasswordStrength, { text: string; bar: string; width: string }> = {
  weak: { text: 'Weak', bar: 'bg-red-600', width: 'w-1/3' },
  medium: { text: 'Medium', bar: 'bg-amber-500', width: 'w-2/3' },
  strong: { text: 'Strong', bar: 'bg-emerald-600', width: 'w-full' },
}

function StrengthMeter({ password }: { password: string }) {
  if (!password) return null
  const strength = strengthLabels[passwordStrength(password)]
  return (
    <div className="flex items-center gap-2" aria-live="polite">
      <div className="h-1.5 flex-1 rounded-full bg-slate-200" aria-hidden="true">
        <div className={`h-1.5 rounded-full ${strength.bar} ${strength.width}`} />
      </div>
      <span className="text-xs text-slate-700">
        Password strength: <strong>{strength.text}</strong>
      </span>
    </div>
  )
}

const termsTexts = {
  terms: {
    title: 'Terms of Service',
    path: '/terms-of-service',
    text: `Picks Marketplace sells access to sports picks and analysis for entertainment and information only. You must be ${site.minimumAge} or older. No pick is a guarantee of any result, and you are responsible for any bet you place and for following the law where you live. Subscriptions renew until you cancel; you keep access to the end of the period you paid for.`,
  },
  privacy: {
    title: 'Privacy Policy',
    path: '/privacy-policy',
    text: 'We keep your name, e-mail address, optional phone number and what you buy, to run your account, deliver the picks you pay for and keep the service safe. We never sell your data. You can ask us for a copy of your data or to delete it at any time.',
  },
} as const

function TermsCheckbox({
  which,
  checked,
  onChange,
}: {
  which: keyof typeof termsTexts
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const doc = termsTexts[which]
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-4"
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        I accept the {doc.title}
      </label>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-sm font-medium text-emerald-800 underline underline-offset-2"
      >
        Read the {doc.title}
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} label={doc.title}>
        <p className="text-sm text-slate-700">{doc.text}</p>
        <p className="mt-2 text-sm">
          <Link to={doc.path} className="underline underline-offset-2">
            Read the full {doc.title}
          </Link>
        </p>
        <Button
          className="mt-4 w-full"
          onClick={() => {
            onChange(true)
            setOpen(false)
          }}
        >
          I Understand
        </Button>
      </BottomSheet>
    </div>
  )
}

function ErrorMessage({ message }: { message: string }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  )
}

function ResetPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [sent, setSent] = useState(false)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    if (!isPlausibleEmail(email)) return setError(authMessages.invalidEmail)
    setPending(true)
    try {
      await requestPasswordReset(email)
      setSent(true)
    } catch (caught) {
      setError(authErrorMessage(caught, authMessages.resetFailed))
    } finally {
      setPending(false)
    }
  }

  return (
    <BottomSheet open={open} onClose={onClose} label="Reset Password">
      {sent ? (
        <p role="status" className="text-sm text-slate-800">
          {authMessages.resetSent}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
          <Field label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" />
          <ErrorMessage message={error} />
          <Button type="submit" disabled={pending}>
            {pending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </form>
      )}
    </BottomSheet>
  )
}

function SignInForm() {
  const location = useLocation()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(true)
  const [error, setError] = useState('')
  const [pending, setPending] = useState(false)
  const [resetOpen, setResetOpen] = useState(false)
  const rememberId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const key = normalizeEmail(email)
    const waitMs = remainingLoginBlockMs(key)
    if (waitMs > 0) return setError(blockedMessage(waitMs))
    setError('')
    setPending(true)
    try {
      await signIn(email, password, rememberMe)
      clearLoginAttempts(key)
      void navigate(returnPathAfterSignIn(location), { replace: true })
    } catch (caught) {
      if (caught instanceof ApiError && caught.reason === 'INVALID_CREDENTIALS') recordLoginFailure(key)
      if (caught instanceof ApiError && caught.reason === 'BLOCKED') {
        // The server always sends Retry-After; without it, the shortest block of the schedule.
        recordLoginFailure(key, (caught.retryAfterSeconds ?? shortestBlockMs / 1000) * 1000)
      }
      setError(authErrorMessage(caught, authMessages.signInFailed))
      setPending(false)
    }
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <Field label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" />
        <Field
          label="Password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-2">
            <input
              id={rememberId}
              type="checkbox"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
              className="size-4"
            />
            <label htmlFor={rememberId} className="text-sm text-slate-800">
              Remember me
            </label>
          </div>
          <button
            type="button"
            onClick={() => setResetOpen(true)}
            className="text-sm font-medium text-emerald-800 underline underline-offset-2"
          >
            Forgot password?
          </button>
        </div>
        <ErrorMessage message={error} />
        <Button type="submit" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
      {/* Outside the sign-in form: the dialog has a form of its own. */}
      <ResetPasswordDialog open={resetOpen} onClose={() => setResetOpen(false)} />
    </>
  )
}

function SignUpForm() {
  const location = useLocation()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [phone, setPhone] = useState('')
  const [terms, setTerms] = useState(false)
  const [privacy, setPrivacy] = useState(false)
  const [error, setError] = useState('')
  const [pending, setPending] = useState(false)

  function problem(): string | null {
    if (!name.trim()) return signUpMessages.nameRequired
    if (!email.trim()) return signUpMessages.emailRequired
    if (!isPlausibleEmail(email)) return authMessages.invalidEmail
    const weak = passwordProblem(password)
    if (weak) return weak
    if (password !== confirm) return signUpMessages.passwordsDiffer
    if (!terms || !privacy) return signUpMessages.termsRequired
    return null
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = problem()
    setError(found ?? '')
    if (found) return
    setPending(true)
    try {
      await signUp({ name, email, password, phone })
      const params = new URLSearchParams({ email: email.trim().toLowerCase() })
      void navigate(`/verify-email?${params}`, { state: { from: returnPathAfterSignIn(location) } })
    } catch (caught) {
      setError(authErrorMessage(caught, authMessages.signUpFailed))
      setPending(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <Field label="Full Name" value={name} onChange={setName} autoComplete="name" />
      <Field label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" />
      <Field label="Password" type="password" value={password} onChange={setPassword} autoComplete="new-password">
        <StrengthMeter password={password} />
      </Field>
      <Field
        label="Confirm Password"
        type="password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
      />
      <Field label="Phone Number" type="tel" value={phone} onChange={setPhone} autoComplete="tel" optional />
      <TermsCheckbox which="terms" checked={terms} onChange={setTerms} />
      <TermsCheckbox which="privacy" checked={privacy} onChange={setPrivacy} />
      <ErrorMessage message={error} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  )
}

export function Component() {
  const user = useStoredUser()
  const [mode, setMode] = useState<Mode>('sign-in')
  const tabsId = useId()
  if (user) return <Navigate to="/shop-picks" replace />

  const tabs: Array<{ mode: Mode; label: string }> = [
    { mode: 'sign-in', label: 'Sign In' },
    { mode: 'sign-up', label: 'Sign Up' },
  ]
  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-10">
      <title>{pageTitle(mode === 'sign-in' ? 'Sign In' : 'Sign Up')}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{site.name}</h1>
        <p className="mt-1 text-sm text-slate-600">Follow verified picks from the best handicappers.</p>

        <div
          role="tablist"
          aria-label="Sign in or sign up"
          className="mt-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1"
        >
          {tabs.map((tab) => (
            <button
              key={tab.mode}
              type="button"
              role="tab"
              id={`${tabsId}-${tab.mode}`}
              aria-selected={mode === tab.mode}
              aria-controls={`${tabsId}-panel`}
              onClick={() => setMode(tab.mode)}
              className={`min-h-10 rounded-md text-sm font-semibold ${mode === tab.mode ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600'}`}
            >
              {tab.label}
            </button>
          ))}
        </div>

        <div className="mt-6 flex flex-col gap-1">
          <Button variant="secondary" disabled aria-describedby={`${tabsId}-google`}>
            Continue with Google
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800">Recommended</span>
          </Button>
          <p id={`${tabsId}-google`} className="text-xs text-slate-600">
            Google sign-in is not configured on this server.
          </p>
        </div>
        <p className="my-4 text-center text-xs text-slate-500">or with your e-mail</p>

        {/* A new key on each switch clears every field, the error and the checkboxes (spec §2). */}
        <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${mode}`} key={mode}>
          {mode === 'sign-in' ? <SignInForm /> : <SignUpForm />}
        </div>
      </div>
    </div>
  )
}
