import type { ReactNode } from 'react'
import { cx } from '../../components/ui/cx.ts'

/** The pick form's building blocks: numbered steps and choices that look like chips. */

export function StepNumber({ n }: { n: number }) {
  return (
    <span
      aria-hidden="true"
      className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-slate-900 text-xs font-bold text-white"
    >
      {n}
    </span>
  )
}

/** A step with several controls: a fieldset whose legend is the step's title. */
export function Step({
  n,
  title,
  hint,
  children,
}: {
  n: number
  title: string
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="border-t border-slate-200 pt-5">
      <fieldset className="min-w-0">
        <legend className="mb-2 flex items-center text-base font-semibold text-slate-900">
          <StepNumber n={n} />
          {title}
        </legend>
        {hint && <div className="mb-2 text-sm text-slate-600">{hint}</div>}
        <div className="flex flex-col gap-3">{children}</div>
      </fieldset>
    </div>
  )
}

/** A radio drawn as a tappable card or chip; `label` names it for assistive technology when the text is terse. */
export function ChoiceRadio({
  name,
  checked,
  onChange,
  label,
  disabled,
  invalid,
  className,
  children,
}: {
  name: string
  checked: boolean
  onChange: () => void
  label?: string
  disabled?: boolean
  invalid?: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <label
      className={cx(
        'relative flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border bg-white px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-slate-900 has-[:focus-visible]:ring-offset-1',
        checked
          ? 'border-emerald-700 bg-emerald-50 ring-1 ring-emerald-700'
          : 'border-slate-300 hover:border-slate-500',
        disabled && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        className="sr-only"
        checked={checked}
        disabled={disabled}
        aria-label={label}
        aria-invalid={invalid || undefined}
        onChange={onChange}
      />
      {children}
    </label>
  )
}

/** A quiet note that a read failed (spec §8 messages), with what the creator can do instead. */
export function ReadFailure({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <p className="font-medium">{message}</p>
      {children && <p>{children}</p>}
    </div>
  )
}
