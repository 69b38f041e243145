import type { SecondFactor } from '@picks/contracts'
import {
  authMessages,
  blockedMessage,
  isPlausibleEmail,
  loginThrottlePolicy,
  normalizeEmail,
} from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import * as Tabs from '@radix-ui/react-tabs'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { auth, authErrorMessage, type SessionUser } from '../../auth/auth.ts'
import { returnPathAfterSignIn } from '../../auth/auth-redirect.ts'
import { AccountMismatchError, completeSignIn } from '../../auth/auth-session.ts'
import { clearLoginAttempts, recordLoginFailure, remainingLoginBlockMs } from '../../auth/login-attempts.ts'
import { pageTitle, site } from '../../lib/site.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import { fieldOfServerError, signUpProblem, type SignUpField } from '../../components/auth/auth-form.tsx'
import { FormError, TextField } from '../../components/ui/text-field.tsx'
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx'
import { SecondFactorStep } from '../../components/auth/second-factor-step.tsx'

type Mode = 'sign-in' | 'sign-up'

/** Told while this page signs someone in, so its own "already signed in" redirect stays out of the way. */
type SetBusy = (busy: boolean) => void

const shortestBlockMs = Math.min(...loginThrottlePolicy.blocks.map((b) => b.blockMs))

const linkButton = 'text-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950'

const agreements = {
  terms: {
    title: 'Terms of Service',
    path: '/terms-of-service',
    text: [
      `${site.name} sells access to sports picks and analysis for entertainment and information only. No pick is a guarantee of any result, and any bet you place is your own decision and responsibility.`,
      `You must be ${site.minimumAge} or older, and follow the law where you live.`,
      'Subscription fees are charged in advance and are non-refundable except as required by law. You can cancel a subscription at any time; access continues to the end of the billing period.',
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    path: '/privacy-policy',
    text: [
      'We keep your name, e-mail address, optional phone number and what you buy, to run your account, deliver the picks you pay for and keep the service safe.',
      'We never sell your data. You can ask us for a copy of your data or to delete it at any time.',
    ],
  },
} as const

function AgreementCheckbox({
  which,
  checked,
  onChange,
  invalid,
  errorId,
}: {
  which: keyof typeof agreements
  checked: boolean
  onChange: (checked: boolean) => void
  invalid: boolean
  errorId: string
}) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const doc = agreements[which]
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-required
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-emerald-700"
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        I accept the {doc.title}
      </label>
      <button type="button" onClick={() => setOpen(true)} className={`${linkButton} min-h-11`}>
        Read the {doc.title}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} label={doc.title}>
        <div className="max-h-[60dvh] space-y-2 overflow-y-auto text-sm text-slate-700">
          <p className="text-xs text-slate-600">Effective {site.legalEffectiveDate}. In short:</p>
          {doc.text.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            <Link to={doc.path} target="_blank" className="underline underline-offset-2">
              Read the full {doc.title} (opens in a new tab)
            </Link>
          </p>
        </div>
        <Button
          className="mt-4 w-full"
          onClick={() => {
            onChange(true)
            setOpen(false)
          }}
        >
          I Understand
        </Button>
      </Dialog>
    </div>
  )
}

function ResetPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [sent, setSent] = useState(false)
  const [pending, setPending] = useState(false)
  const errorId = useId()

  function close() {
    setEmail('')
    setError('')
    setSent(false)
    onClose()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    if (!isPlausibleEmail(email)) return setError(authMessages.invalidEmail)
    setPending(true)
    try {
      await auth.requestPasswordReset(email)
      // The same answer whether or not the e-mail has an account (spec §8).
      setSent(true)
    } catch (caught) {
      setError(authErrorMessage(caught, 'reset-request'))
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog open={open} onClose={close} label="Reset Password">
      {sent ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="text-sm text-slate-800">
            {authMessages.resetSent}
          </p>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">Enter your account e-mail and we will send you a link to reset it.</p>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            invalid={Boolean(error)}
            errorId={errorId}
          />
          <FormError id={errorId} message={error} />
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </form>
      )}
    </Dialog>
  )
}

/**
 * Shows the message of a failed sign-in, or goes where the visitor was headed. `signIn` answers
 * null when no session opened yet (a second factor comes first).
 */
function useFinishSignIn(setBusy: SetBusy) {
  const location = useLocation()
  const navigate = useNavigate()
  return async (signIn: () => Promise<SessionUser | null>, provider = 'email') => {
    setBusy(true)
    try {
      const sessionUser = await signIn()
      if (!sessionUser) return setBusy(false)
      await completeSignIn(sessionUser, provider)
      void navigate(returnPathAfterSignIn(location), { replace: true })
    } catch (error) {
      setBusy(false)
      throw error
    }
  }
}

function SignInForm({ setBusy }: { setBusy: SetBusy }) {
  const finish = useFinishSignIn(setBusy)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(true)
  const [error, setError] = useState<{ message: string; field: 'email' | 'password' | null }>({
    message: '',
    field: null,
  })
  const [pending, setPending] = useState(false)
  const [resetOpen, setResetOpen] = useState(false)
  // Set when the password was right and the account asks for a second factor.
  const [secondFactors, setSecondFactors] = useState<SecondFactor[] | null>(null)
  const rememberId = useId()
  const errorId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const key = normalizeEmail(email)
    if (!key) return setError({ message: 'Email is required', field: 'email' })
    if (!password) return setError({ message: 'Password is required', field: 'password' })
    // The local record (spec §3): a blocked e-mail is told at once, without asking the server.
    const waitMs = remainingLoginBlockMs(key)
    if (waitMs > 0) return setError({ message: blockedMessage(waitMs), field: null })
    setError({ message: '', field: null })
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
      setError({ message, field: reason === 'INVALID_CREDENTIALS' ? 'password' : null })
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
          setPassword('')
          setPending(false)
        }}
      />
    )
  }

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          invalid={error.field === 'email'}
          errorId={errorId}
        />
        <TextField
          label="Password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          invalid={error.field === 'password'}
          errorId={errorId}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex min-h-11 items-center gap-2">
            <input
              id={rememberId}
              type="checkbox"
              checked={rememberMe}
              onChange={(event) => setRememberMe(event.target.checked)}
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
  const [error, setError] = useState<{ message: string; field: SignUpField | null }>({ message: '', field: null })
  const [pending, setPending] = useState(false)
  const errorId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const problem = signUpProblem({ name, email, password, confirm, terms, privacy })
    setError(problem ?? { message: '', field: null })
    if (problem) return
    setPending(true)
    try {
      await auth.signUp({ name, email, password, phone })
      const params = new URLSearchParams({ email: normalizeEmail(email) })
      const from = returnPathAfterSignIn(location)
      if (from !== '/shop-picks') params.set('redirect', from)
      void navigate(`/verify-email?${params}`, { state: { from } })
    } catch (caught) {
      const field = fieldOfServerError(caught)
      setError({
        message: authErrorMessage(caught, 'sign-up'),
        field: field === 'email' || field === 'password' || field === 'phone' ? field : null,
      })
      setPending(false)
    }
  }

  const field = (name: SignUpField) => ({ invalid: error.field === name, errorId })
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <TextField label="Full Name" value={name} onChange={setName} autoComplete="name" {...field('name')} />
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        autoComplete="email"
        {...field('email')}
      />
      <NewPasswordFields
        password={password}
        confirm={confirm}
        onPassword={setPassword}
        onConfirm={setConfirm}
        fieldProps={field}
      />
      <TextField
        label="Phone Number"
        type="tel"
        value={phone}
        onChange={setPhone}
        autoComplete="tel"
        optional
        {...field('phone')}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">Agreements</legend>
        <AgreementCheckbox which="terms" checked={terms} onChange={setTerms} {...field('agreements')} />
        <AgreementCheckbox which="privacy" checked={privacy} onChange={setPrivacy} {...field('agreements')} />
      </fieldset>
      <FormError id={errorId} message={error.message} />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  )
}

function GoogleButton() {
  const location = useLocation()
  const config = useQuery({ queryKey: ['config'], queryFn: ({ signal }) => auth.config(signal) })
  const [pending, setPending] = useState(false)
  const [error, setError] = useState('')
  const noteId = useId()
  const enabled = config.data?.auth.google === true
  const note =
    config.data?.auth.google === false
      ? 'Google sign-in is not configured on this server.'
      : config.isError
        ? 'Google sign-in is not available right now.'
        : ''

  async function start() {
    setError('')
    setPending(true)
    try {
      window.location.assign(await auth.googleSignInUrl(returnPathAfterSignIn(location)))
    } catch (caught) {
      setError(caught instanceof TypeError ? authMessages.networkError : authMessages.googleFailed)
      setPending(false)
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="secondary"
        disabled={!enabled || pending}
        aria-busy={pending}
        aria-describedby={note ? noteId : undefined}
        onClick={() => void start()}
      >
        Continue with Google
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">Recommended</span>
      </Button>
      {note && (
        <p id={noteId} className="text-xs text-slate-600">
          {note}
        </p>
      )}
      <FormError id={`${noteId}-error`} message={error} />
    </div>
  )
}

/** Back from the identity provider (`?oauth=return`): finish the first sign-in, then go on. */
function CompletingSignIn({ setBusy, onFailed }: { setBusy: SetBusy; onFailed: (message: string) => void }) {
  const finish = useFinishSignIn(setBusy)
  const [params] = useSearchParams()

  const started = useRef(false)

  useEffect(() => {
    // Once per return from the provider (a remount in development must not sign in twice).
    if (started.current) return
    started.current = true
    async function run() {
      // A provider redirect error: its description, else the spec's words (§8).
      if (params.has('error')) return onFailed(params.get('error_description') || authMessages.providerFailed)
      try {
        await finish(async () => {
          const answer = await auth.getSession()
          if (!answer) throw new Error(authMessages.providerFailed)
          return answer.user
        }, 'google')
      } catch (caught) {
        onFailed(authErrorMessage(caught, 'sign-in'))
      }
    }
    void run()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <title>{pageTitle('Completing sign in')}</title>
      <p role="status" className="flex items-center gap-3 text-base font-medium text-slate-800">
        <span
          className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-emerald-600"
          aria-hidden="true"
        />
        Completing sign in...
      </p>
    </div>
  )
}

const tabs: Array<{ mode: Mode; label: string }> = [
  { mode: 'sign-in', label: 'Sign In' },
  { mode: 'sign-up', label: 'Sign Up' },
]

export function Component() {
  const user = useStoredUser()
  const [params] = useSearchParams()
  const [mode, setMode] = useState<Mode>('sign-in')
  const [returning, setReturning] = useState(params.get('oauth') === 'return')
  const [providerError, setProviderError] = useState('')
  const [signingIn, setSigningIn] = useState(false)
  const tabsId = useId()

  if (returning) {
    return (
      <CompletingSignIn
        setBusy={setSigningIn}
        onFailed={(message) => {
          setProviderError(message)
          setReturning(false)
        }}
      />
    )
  }
  if (user && !signingIn) return <Navigate to="/shop-picks" replace />

  function select(next: Mode) {
    setMode(next)
    setProviderError('')
  }

  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-8 sm:py-12">
      <title>{pageTitle(mode === 'sign-in' ? 'Sign In' : 'Sign Up')}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-slate-900">{site.name}</h1>
        <p className="mt-1 text-sm text-slate-600">Follow verified picks from the best handicappers.</p>

        {/* Radix Tabs: arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern). */}
        <Tabs.Root value={mode} onValueChange={(value) => select(value === 'sign-up' ? 'sign-up' : 'sign-in')}>
          <Tabs.List aria-label="Sign in or sign up" className="mt-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
            {tabs.map((tab) => (
              <Tabs.Trigger
                key={tab.mode}
                value={tab.mode}
                className="min-h-11 rounded-md text-sm font-semibold text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>

          <div className="mt-6">
            <GoogleButton />
          </div>
          <p className="my-4 text-center text-xs text-slate-600">or with your e-mail</p>
          <FormError id={`${tabsId}-provider-error`} message={providerError} />

          {/* Only the selected tab's form is mounted, so a switch clears every field, the error and the checkboxes (spec §2). */}
          <Tabs.Content value="sign-in" className="mt-2">
            <SignInForm setBusy={setSigningIn} />
          </Tabs.Content>
          <Tabs.Content value="sign-up" className="mt-2">
            <SignUpForm />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  )
}
