import { useState } from 'react'
import { Field, inputClasses } from '../ui/form-field.tsx'
import { usernameProblem } from './profile-values.ts'

/**
 * The username with its rules checked as it is typed (shape, reserved words), and the profile
 * link it gives. Whether it is free is the server's answer (`error`).
 */
export function UsernameField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (username: string) => void
  /** A problem found on submit or by the server; shown in place of the live check. */
  error?: string | undefined
}) {
  const [edited, setEdited] = useState(false)
  const live = edited && value ? usernameProblem(value) : null
  const shown = error ?? live
  const link = `${window.location.origin}/${value.trim() || 'username'}`
  return (
    <Field
      label="Username"
      error={shown}
      hint={
        <>
          3 to 30 letters, digits or underscores. Your profile link: <span className="font-mono">{link}</span>
        </>
      }
    >
      {(control) => (
        <div className="flex items-center rounded-lg">
          <span aria-hidden="true" className="pr-1 text-slate-600">
            @
          </span>
          <input
            {...control}
            required
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={30}
            className={inputClasses}
            value={value}
            onChange={(event) => {
              setEdited(true)
              onChange(event.target.value)
            }}
          />
        </div>
      )}
    </Field>
  )
}
