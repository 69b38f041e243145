import { planLimits } from '@picks/contracts/client'
import type { ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { Field, inputClasses } from '../../../components/ui/form-field.tsx'

/** A subscription's free trial in days (0 to 30), in the plan editor and on `/creator-promotions`. */
export function TrialDaysField({
  label = 'Free trial (days)',
  hint = '0 for no trial',
  error,
  className,
  registration,
}: {
  label?: ReactNode
  hint?: string
  error: string | undefined
  className?: string
  registration: UseFormRegisterReturn
}) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={0}
          max={planLimits.maxTrialDays}
          className={inputClasses}
          {...registration}
        />
      )}
    </Field>
  )
}
