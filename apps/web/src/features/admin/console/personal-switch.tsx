import { useId } from 'react'
import { Switch } from '../../../components/ui/switch.tsx'

/**
 * "Show personal data": full e-mails and phones instead of masked ones (`includePersonal=true`,
 * which the server writes to the audit log). Kept in the component, never in the address.
 */
export function PersonalSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
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
          Full e-mails instead of masked ones. Every read with personal data is recorded in the audit log.
        </p>
      </div>
    </div>
  )
}
