import { TextField } from './text-field.tsx'

/**
 * The field a one-time code is typed into (an e-mail, text-message or authenticator-app code):
 * digits on a phone's keypad, and the browser may fill it from the message. `className` replaces
 * the field's look (the large centred code of e-mail verification).
 */
export function CodeField({
  label,
  value,
  onChange,
  invalid,
  errorId,
  maxLength = 9,
  className,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  invalid: boolean
  errorId: string
  maxLength?: number
  className?: string
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={maxLength}
      invalid={invalid}
      errorId={errorId}
      {...(className ? { className } : {})}
    />
  )
}
