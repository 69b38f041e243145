import { useId } from 'react'
import { Switch } from '../../../components/ui/switch.tsx'

/**
 * "Show personal data": full addresses and numbers instead of masked ones, an audited read. Kept
 * in the section's state, never in the address, so a shared link always opens masked.
 */
export function PersonalSwitch({
  checked,
  onChange,
  what,
}: {
  checked: boolean
  onChange: (next: boolean) => void
  /** What is shown in full ("Full e-mails and phone numbers"). */
  what: string
}) {
  const id = useId()
  const hintId = useId()
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={hintId} />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Show personal data
        </label>
        <p id={hintId} className="text-xs text-slate-600">
          {what} instead of masked ones. Every read with personal data is recorded in the audit log.
        </p>
      </div>
    </div>
  )
}
