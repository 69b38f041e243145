import { useId, type ReactNode } from 'react'
import { cx } from './cx.ts'

/**
 * An on/off switch: a real `role="switch"` button, so assistive technology and tests find it by
 * role and name. Give it a name with `aria-label` or `aria-labelledby`.
 */
export function Switch({
  checked,
  onCheckedChange,
  disabled = false,
  busy = false,
  id,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  'aria-describedby': ariaDescribedBy,
}: {
  checked: boolean
  onCheckedChange: (next: boolean) => void
  disabled?: boolean
  /** A change is on its way: the switch holds still until it lands. */
  busy?: boolean
  id?: string
  'aria-label'?: string
  'aria-labelledby'?: string
  'aria-describedby'?: string | undefined
}) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={ariaLabel}
      aria-labelledby={ariaLabelledBy}
      aria-describedby={ariaDescribedBy}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={() => onCheckedChange(!checked)}
      className={cx(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-emerald-700' : 'bg-slate-400',
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  )
}

/**
 * A switch with its visible label (which names it) and an optional description (which describes
 * it) beside it; `children` go below, for an error or a hint that belongs to this switch.
 */
export function SwitchField({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  busy,
  children,
}: {
  label: ReactNode
  description?: ReactNode
  checked: boolean
  onCheckedChange: (next: boolean) => void
  disabled?: boolean
  busy?: boolean
  children?: ReactNode
}) {
  const id = useId()
  const labelId = `${id}-label`
  const descriptionId = `${id}-description`
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label id={labelId} htmlFor={id} className="font-medium text-slate-900">
            {label}
          </label>
          {description && (
            <div id={descriptionId} className="text-sm text-slate-700">
              {description}
            </div>
          )}
        </div>
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={onCheckedChange}
          disabled={disabled}
          busy={busy}
          aria-labelledby={labelId}
          aria-describedby={description ? descriptionId : undefined}
        />
      </div>
      {children}
    </div>
  )
}
