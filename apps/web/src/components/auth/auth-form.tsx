import {
  authMessages,
  isPlausibleEmail,
  passwordProblem,
  passwordStrength,
  signUpMessages,
  type PasswordStrength,
} from '@picks/contracts/client'
import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { ApiError } from '../../lib/api-client.ts'
import { Button } from '../ui/button.tsx'
import { cx } from '../ui/cx.ts'

/** The form-level error, announced; the field it is about points at it with aria-describedby. */
export function FormError({ id, message }: { id: string; message: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  )
}

export const inputClasses =
  'h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-slate-900 focus:ring-2 focus:ring-slate-900/20 focus:outline-none aria-invalid:border-red-600'

/**
 * A labelled input. `invalid` marks it and ties it to the form error (`errorId`); `hint` is extra
 * text below it (e.g. the strength meter) that it is also described by.
 */
export function TextField({
  label,
  value,
  onChange,
  invalid = false,
  errorId,
  optional = false,
  hint,
  ...input
}: {
  label: string
  value: string
  onChange: (value: string) => void
  invalid?: boolean
  errorId?: string
  optional?: boolean
  hint?: (id: string) => ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>) {
  const id = useId()
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, invalid && errorId ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      <input
        id={id}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        aria-required={optional ? undefined : true}
        onChange={(event) => onChange(event.target.value)}
        className={inputClasses}
        {...input}
      />
      {hint?.(hintId)}
    </div>
  )
}

const strengthLooks: Record<PasswordStrength, { text: string; bar: string; width: string }> = {
  weak: { text: 'Weak', bar: 'bg-red-600', width: 'w-1/3' },
  medium: { text: 'Medium', bar: 'bg-amber-500', width: 'w-2/3' },
  strong: { text: 'Strong', bar: 'bg-emerald-600', width: 'w-full' },
}

/** Spec §5 strength meter: the word says it, the bar only repeats it. */
export function StrengthMeter({ id, password }: { id: string; password: string }) {
  const look = strengthLooks[passwordStrength(password)]
  return (
    <div id={id} className={cx('flex items-center gap-2', !password && 'sr-only')} aria-live="polite">
      {password && (
        <>
          <div className="h-1.5 flex-1 rounded-full bg-slate-200" aria-hidden="true">
            <div className={cx('h-1.5 rounded-full', look.bar, look.width)} />
          </div>
          <span className="text-xs text-slate-700">
            Password strength: <strong>{look.text}</strong>
          </span>
        </>
      )}
    </div>
  )
}

/** A problem found before any call: its message and the field it is about. */
/**
 * A new password with the strength meter, then its confirmation. `fieldProps` ties each input to the
 * form's error when it is the one at fault.
 */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  passwordLabel = 'Password',
  confirmLabel = 'Confirm Password',
  fieldProps,
}: {
  password: string
  confirm: string
  onPassword: (value: string) => void
  onConfirm: (value: string) => void
  passwordLabel?: string
  confirmLabel?: string
  fieldProps: (name: 'password' | 'confirm') => { invalid: boolean; errorId: string }
}) {
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        hint={(id) => <StrengthMeter id={id} password={password} />}
        {...fieldProps('password')}
      />
      <TextField
        label={confirmLabel}
        type="password"
        value={confirm}
        onChange={onConfirm}
        autoComplete="new-password"
        {...fieldProps('confirm')}
      />
    </>
  )
}

/**
 * The end of a form: its error, then the submit button (showing `pendingLabel` while it works), any
 * extra buttons, and Cancel when `onCancel` is given.
 */
export function FormActions({
  errorId,
  error,
  pending,
  busy = pending,
  submitLabel,
  pendingLabel,
  onCancel,
  children,
}: {
  errorId: string
  error: string
  /** Disables the submit button. */
  pending: boolean
  /** Marks the submit button busy and shows `pendingLabel`; defaults to `pending`. */
  busy?: boolean
  submitLabel: string
  pendingLabel: string
  onCancel?: () => void
  children?: ReactNode
}) {
  return (
    <>
      <FormError id={errorId} message={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} aria-busy={busy}>
          {busy ? pendingLabel : submitLabel}
        </Button>
        {children}
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </>
  )
}

export interface FieldProblem<F extends string> {
  field: F
  message: string
}

/** Spec §5 new-password rules, then the confirmation. */
export function newPasswordProblem(password: string, confirm: string): FieldProblem<'password' | 'confirm'> | null {
  const weak = passwordProblem(password)
  if (weak) return { field: 'password', message: weak }
  if (password !== confirm) return { field: 'confirm', message: signUpMessages.passwordsDiffer }
  return null
}

export interface SignUpFields {
  name: string
  email: string
  password: string
  confirm: string
  terms: boolean
  privacy: boolean
}

export type SignUpField = 'name' | 'email' | 'password' | 'confirm' | 'phone' | 'agreements'

/**
 * Spec §5 sign-up checks, in order: the required name and e-mail first (what a browser's own
 * `required` check would stop on), then the password rules, the confirmation and the agreements.
 */
export function signUpProblem(fields: SignUpFields): FieldProblem<SignUpField> | null {
  if (!fields.name.trim()) return { field: 'name', message: signUpMessages.nameRequired }
  if (!fields.email.trim()) return { field: 'email', message: signUpMessages.emailRequired }
  if (!isPlausibleEmail(fields.email)) return { field: 'email', message: authMessages.invalidEmail }
  const password = newPasswordProblem(fields.password, fields.confirm)
  if (password) return password
  if (!fields.terms || !fields.privacy) return { field: 'agreements', message: signUpMessages.termsRequired }
  return null
}

/** The field a server's validation answer names (`body.password` → `password`), if any. */
export function fieldOfServerError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null
  const field = error.details?.[0]?.field
  return field ? field.replace(/^body\./, '') : null
}
