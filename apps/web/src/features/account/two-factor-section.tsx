import type { Factor } from '@picks/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { auth, authErrorMessage, type TotpEnrolment } from '../../auth/auth.ts'
import { fieldOfServerError } from '../../components/auth/auth-form.tsx'
import { CodeField } from '../../components/ui/code-field.tsx'
import { FormActions, TextField } from '../../components/ui/text-field.tsx'
import { codeDigits, factorLabel, secondFactorMessages } from '../../components/auth/second-factor-step.tsx'
import { accountQueries } from './api.ts'
import { StatusNote } from '../../components/ui/status-note.tsx'
import { AccountSection } from './account-section.tsx'
import { VerifiedBadge } from './phone-section.tsx'

export const twoFactorMessages = {
  on: 'On: signing in asks for a code after your password.',
  off: 'Off. Add a second step to signing in: a code from an authenticator app or a text message.',
  appAdded: 'Authenticator app added. Signing in now asks for a code from it.',
  phoneAdded: 'Text-message factor added. Signing in can now ask for a texted code.',
  removed: 'Two-factor method removed.',
  passwordRequired: 'Enter your password to confirm.',
  phoneRequired: 'Enter a phone number, starting with + and the country code.',
  loadFailed: 'Could not load your two-factor methods.',
} as const

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

function addedOn(createdAt: string): string | null {
  const time = Date.parse(createdAt)
  return Number.isFinite(time) ? `Added ${dateFormat.format(time)}` : null
}

/** The password that confirms a change to the second factors; nothing for an account without one. */
function ConfirmPasswordField({
  hasPassword,
  value,
  onChange,
  invalid,
  errorId,
}: {
  hasPassword: boolean
  value: string
  onChange: (value: string) => void
  invalid: boolean
  errorId: string
}) {
  if (!hasPassword) return null
  return (
    <TextField
      label="Your Password"
      type="password"
      value={value}
      onChange={onChange}
      autoComplete="current-password"
      invalid={invalid}
      errorId={errorId}
    />
  )
}

function passwordRefused(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'INVALID_PASSWORD'
}

type Problem<F extends string> = { message: string; field: F | null }
const noProblem = { message: '', field: null }

interface SetupProps {
  hasPassword: boolean
  onDone: (message: string) => void
  onCancel: () => void
}

/**
 * Authenticator app: the password (if the account has one), then the QR code and the same secret as
 * text to type by hand, then a code from the app to confirm. Cancelling removes the unconfirmed factor.
 */
function TotpSetup({ hasPassword, onDone, onCancel }: SetupProps) {
  const [password, setPassword] = useState('')
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<Problem<'password' | 'code'>>(noProblem)
  const [pending, setPending] = useState(false)
  const errorId = useId()
  const secretId = useId()

  async function start(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    if (hasPassword && !password) return setError({ message: twoFactorMessages.passwordRequired, field: 'password' })
    setError(noProblem)
    setPending(true)
    try {
      setEnrolment(await auth.enrollTotp(hasPassword ? { password } : {}))
    } catch (caught) {
      setError({ message: authErrorMessage(caught, 'factors'), field: passwordRefused(caught) ? 'password' : null })
    } finally {
      setPending(false)
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault()
    if (pending || !enrolment) return
    const digits = codeDigits(code)
    if (!/^\d{6}$/.test(digits)) return setError({ message: secondFactorMessages.codeFormat, field: 'code' })
    setError(noProblem)
    setPending(true)
    try {
      const challenge = await auth.challengeFactor(enrolment.factor)
      await auth.confirmFactor(enrolment.factor.id, challenge.challenge_id, digits)
      onDone(twoFactorMessages.appAdded)
    } catch (caught) {
      setError({ message: authErrorMessage(caught, 'factors', 'app'), field: 'code' })
      setPending(false)
    }
  }

  function cancel() {
    // The half-made factor is of no use; a failure to remove it leaves it listed as not confirmed.
    if (enrolment) auth.removeFactor(enrolment.factor.id, hasPassword ? password : undefined).catch(() => undefined)
    onCancel()
  }

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-base font-semibold text-slate-900">Set up an authenticator app</h3>
      {!enrolment ? (
        <form onSubmit={(event) => void start(event)} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Use an app such as Google Authenticator, Microsoft Authenticator or 1Password.
            {hasPassword && ' Confirm with your password to begin.'}
          </p>
          <ConfirmPasswordField
            hasPassword={hasPassword}
            value={password}
            onChange={setPassword}
            invalid={error.field === 'password'}
            errorId={errorId}
          />
          <FormActions
            errorId={errorId}
            error={error.message}
            pending={pending}
            submitLabel="Continue"
            pendingLabel="Starting…"
            onCancel={cancel}
          />
        </form>
      ) : (
        <form onSubmit={(event) => void confirm(event)} noValidate className="flex flex-col gap-3">
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
          <CodeField
            label="Code from the app"
            value={code}
            onChange={setCode}
            invalid={error.field === 'code'}
            errorId={errorId}
          />
          <FormActions
            errorId={errorId}
            error={error.message}
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

/** Text message: the number and the password (if any), a texted code, then that code to confirm. */
function SmsFactorSetup({ hasPassword, phone: knownPhone, onDone, onCancel }: SetupProps & { phone: string }) {
  const [phone, setPhone] = useState(knownPhone)
  const [password, setPassword] = useState('')
  const [factor, setFactor] = useState<Factor | null>(null)
  const [challengeId, setChallengeId] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [error, setError] = useState<Problem<'phone' | 'password' | 'code'>>(noProblem)
  const [sent, setSent] = useState('')
  const [pending, setPending] = useState<'send' | 'confirm' | null>(null)
  const errorId = useId()

  async function text(target: Factor) {
    const challenge = await auth.challengeFactor(target)
    setChallengeId(challenge.challenge_id)
    setSent(`We sent a code to ${target.phone ?? phone.trim()}.`)
  }

  async function start(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    if (!phone.trim()) return setError({ message: twoFactorMessages.phoneRequired, field: 'phone' })
    if (hasPassword && !password) return setError({ message: twoFactorMessages.passwordRequired, field: 'password' })
    setError(noProblem)
    setPending('send')
    try {
      const created = await auth.enrollPhone({ phone, ...(hasPassword ? { password } : {}) })
      setFactor(created)
      await text(created)
    } catch (caught) {
      setError({
        message: authErrorMessage(caught, 'factors', 'sms'),
        field: passwordRefused(caught) ? 'password' : fieldOfServerError(caught) === 'phone' ? 'phone' : null,
      })
    } finally {
      setPending(null)
    }
  }

  async function resend() {
    if (!factor || pending) return
    setError(noProblem)
    setPending('send')
    try {
      await text(factor)
    } catch (caught) {
      setError({ message: authErrorMessage(caught, 'send-sms', 'sms'), field: null })
    } finally {
      setPending(null)
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault()
    if (pending || !factor) return
    const digits = codeDigits(code)
    if (!/^\d{6}$/.test(digits)) return setError({ message: secondFactorMessages.codeFormat, field: 'code' })
    if (!challengeId) return setError({ message: secondFactorMessages.sendFirst, field: null })
    setError(noProblem)
    setPending('confirm')
    try {
      await auth.confirmFactor(factor.id, challengeId, digits)
      onDone(twoFactorMessages.phoneAdded)
    } catch (caught) {
      setError({ message: authErrorMessage(caught, 'factors', 'sms'), field: 'code' })
      setPending(null)
    }
  }

  function cancel() {
    if (factor) auth.removeFactor(factor.id, hasPassword ? password : undefined).catch(() => undefined)
    onCancel()
  }

  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 className="text-base font-semibold text-slate-900">Add a text-message factor</h3>
      {!factor ? (
        <form onSubmit={(event) => void start(event)} noValidate className="flex flex-col gap-3">
          <TextField
            label="Phone Number for Codes"
            type="tel"
            value={phone}
            onChange={setPhone}
            autoComplete="tel"
            invalid={error.field === 'phone'}
            errorId={errorId}
          />
          <ConfirmPasswordField
            hasPassword={hasPassword}
            value={password}
            onChange={setPassword}
            invalid={error.field === 'password'}
            errorId={errorId}
          />
          <FormActions
            errorId={errorId}
            error={error.message}
            pending={pending !== null}
            busy={pending === 'send'}
            submitLabel="Send code"
            pendingLabel="Sending…"
            onCancel={cancel}
          />
        </form>
      ) : (
        <form onSubmit={(event) => void confirm(event)} noValidate className="flex flex-col gap-3">
          <StatusNote message={sent} />
          <CodeField
            label="Code from the text message"
            value={code}
            onChange={setCode}
            invalid={error.field === 'code'}
            errorId={errorId}
          />
          <FormActions
            errorId={errorId}
            error={error.message}
            pending={pending !== null}
            busy={pending === 'confirm'}
            submitLabel="Confirm"
            pendingLabel="Checking…"
            onCancel={cancel}
          >
            <Button variant="secondary" disabled={pending !== null} onClick={() => void resend()}>
              Resend code
            </Button>
          </FormActions>
        </form>
      )}
    </div>
  )
}

function RemoveFactorDialog({
  factor,
  hasPassword,
  onClose,
  onRemoved,
}: {
  factor: Factor | null
  hasPassword: boolean
  onClose: () => void
  onRemoved: () => void
}) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<Problem<'password'>>(noProblem)
  const [pending, setPending] = useState(false)
  const errorId = useId()

  function close() {
    setPassword('')
    setError(noProblem)
    onClose()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!factor || pending) return
    if (hasPassword && !password) return setError({ message: twoFactorMessages.passwordRequired, field: 'password' })
    setError(noProblem)
    setPending(true)
    try {
      await auth.removeFactor(factor.id, hasPassword ? password : undefined)
      setPassword('')
      onRemoved()
    } catch (caught) {
      setError({ message: authErrorMessage(caught, 'factors'), field: passwordRefused(caught) ? 'password' : null })
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog open={factor !== null} onClose={close} label="Remove two-factor method">
      {factor && (
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Remove <strong>{factorLabel(factor)}</strong>? Signing in will no longer ask for its codes.
          </p>
          <ConfirmPasswordField
            hasPassword={hasPassword}
            value={password}
            onChange={setPassword}
            invalid={error.field === 'password'}
            errorId={errorId}
          />
          <FormActions
            errorId={errorId}
            error={error.message}
            pending={pending}
            submitLabel="Remove"
            pendingLabel="Removing…"
            onCancel={close}
          />
        </form>
      )}
    </Dialog>
  )
}

function FactorItem({ factor, onRemove }: { factor: Factor; onRemove: () => void }) {
  const label = factorLabel(factor)
  const added = addedOn(factor.created_at)
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {label}
          {factor.status !== 'verified' && <VerifiedBadge verified={false} />}
        </p>
        {added && <p className="text-xs text-slate-600">{added}</p>}
      </div>
      <Button variant="secondary" aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  )
}

/**
 * Multi-factor management: the factors with Remove, and setting up an authenticator app (QR code
 * and setup key) or a text-message factor, each confirmed with a code from it.
 */
export function TwoFactorSection({
  userId,
  hasPassword,
  phone,
}: {
  userId: string
  hasPassword: boolean
  phone: string
}) {
  const queryClient = useQueryClient()
  const factors = useQuery(accountQueries.factors(userId))
  const [adding, setAdding] = useState<'app' | 'sms' | null>(null)
  const [removing, setRemoving] = useState<Factor | null>(null)
  const [status, setStatus] = useState('')

  const refresh = () => queryClient.invalidateQueries({ queryKey: accountQueries.factors(userId).queryKey })
  const done = (message: string) => {
    setAdding(null)
    setStatus(message)
    void refresh()
  }
  const list = factors.data ?? []
  const on = list.some((factor) => factor.status === 'verified')
  // One authenticator app per account: a confirmed one is removed before another is set up.
  const hasApp = list.some((factor) => factor.factor_type === 'totp' && factor.status === 'verified')

  return (
    <AccountSection title="Two-factor authentication" description={on ? twoFactorMessages.on : twoFactorMessages.off}>
      <div className="flex flex-col gap-4">
        {factors.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : factors.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
            {twoFactorMessages.loadFailed}
            <Button variant="secondary" onClick={() => void factors.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          list.length > 0 && (
            <ul aria-label="Your two-factor methods" className="divide-y divide-slate-200">
              {list.map((factor) => (
                <FactorItem key={factor.id} factor={factor} onRemove={() => setRemoving(factor)} />
              ))}
            </ul>
          )
        )}
        <StatusNote message={status} />
        {adding === 'app' && <TotpSetup hasPassword={hasPassword} onDone={done} onCancel={() => setAdding(null)} />}
        {adding === 'sms' && (
          <SmsFactorSetup hasPassword={hasPassword} phone={phone} onDone={done} onCancel={() => setAdding(null)} />
        )}
        {adding === null && (
          <div className="flex flex-wrap gap-2">
            {!hasApp && (
              <Button
                variant="secondary"
                onClick={() => {
                  setStatus('')
                  setAdding('app')
                }}
              >
                Set up authenticator app
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                setStatus('')
                setAdding('sms')
              }}
            >
              Add text-message factor
            </Button>
          </div>
        )}
      </div>
      <RemoveFactorDialog
        factor={removing}
        hasPassword={hasPassword}
        onClose={() => setRemoving(null)}
        onRemoved={() => {
          setRemoving(null)
          setStatus(twoFactorMessages.removed)
          void refresh()
        }}
      />
    </AccountSection>
  )
}
