import { useId, type ReactNode } from 'react'
import { cx } from './cx.ts'

export const inputClasses =
  'h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-slate-900 focus:ring-2 focus:ring-slate-900/20 focus:outline-none aria-invalid:border-red-600 disabled:bg-slate-100'

export const textareaClasses =
  'min-h-28 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-slate-900 focus:ring-2 focus:ring-slate-900/20 focus:outline-none aria-invalid:border-red-600'

/** What a control inside a `Field` spreads onto itself to be labelled, described and marked invalid. */
export interface ControlProps {
  id: string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
}

/**
 * A labelled control with an optional hint and error below it; the control is described by both.
 * `children` receives the props that tie the control to them.
 */
export function Field({
  label,
  optional = false,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode
  optional?: boolean
  hint?: ReactNode
  error?: string | null | undefined
  className?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ')
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {children({ id, 'aria-describedby': describedBy || undefined, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <div id={hintId} className="text-xs text-slate-600">
          {hint}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  )
}

/** The message under a field (or a group of fields) that it is about. */
export function FieldError({ id, message }: { id?: string; message: string | null | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  )
}

/** A form-level error, announced when it appears. */
/** A form's error: the headline (a spec §8 message, verbatim) and, when the server gave one, its reason beneath. */
export function FormAlert({ message, detail }: { message: string | null | undefined; detail?: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      <span className="block font-medium">{message}</span>
      {detail && <span className="block">{detail}</span>}
    </p>
  )
}
