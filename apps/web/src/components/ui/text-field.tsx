import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { Button } from './button.tsx'

/** The form-level error, announced; the field it is about points at it with aria-describedby. */
export function FormError({ id, message }: { id: string; message: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  )
}

const inputClasses =
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

/**
 * The end of a form: its error, then the submit button (showing `pendingLabel` while it works), any
 * extra buttons, and Cancel when `onCancel` is given.
 */
export interface FormActionsProps {
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
}

export function FormActions({
  errorId,
  error,
  pending,
  busy = pending,
  submitLabel,
  pendingLabel,
  onCancel,
  children,
}: FormActionsProps) {
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
