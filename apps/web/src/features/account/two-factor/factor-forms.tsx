import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form'
import { ApiError } from '../../../lib/api-client.ts'
import { CodeField } from '../../../components/ui/code-field.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { codeDigits, secondFactorMessages } from '../../../components/auth/second-factor-step.tsx'

export const twoFactorMessages = {
  on: 'On: signing in asks for a code after your password.',
  off: 'Off. Add a second step to signing in: a code from an authenticator app or a text message.',
  appAdded: 'Authenticator app added. Signing in now asks for a code from it.',
  phoneAdded: 'Text-message factor added. Signing in can now ask for a texted code.',
  removed: 'Two-factor method removed.',
  passwordRequired: 'Enter your password to confirm.',
  phoneRequired: 'Enter a phone number, starting with + and the country code.',
  loadFailed: 'Could not load your two-factor methods.',
} as const

/** What a factor's setup gets from the section. */
export interface FactorSetupProps {
  hasPassword: boolean
  onDone: (message: string) => void
  onCancel: () => void
}

/** The password that confirms a change to the second factors, required; nothing for an account without one. */
export function ConfirmPasswordField<T extends FieldValues>({
  control,
  name,
  hasPassword,
  invalid,
  errorId,
}: {
  control: Control<T>
  name: FieldPathByValue<T, string>
  hasPassword: boolean
  invalid: boolean
  errorId: string
}) {
  const { field } = useController({
    control,
    name,
    rules: {
      validate: (password: string) => (!hasPassword || password ? true : twoFactorMessages.passwordRequired),
    },
  })
  if (!hasPassword) return null
  return (
    <TextField
      label="Your Password"
      type="password"
      value={field.value}
      onChange={field.onChange}
      autoComplete="current-password"
      invalid={invalid}
      errorId={errorId}
    />
  )
}

/** A texted or app code, checked for its six digits (spaces and dashes aside) on submit. */
export function CodeEntry<T extends FieldValues>({
  control,
  name,
  label,
  invalid,
  errorId,
}: {
  control: Control<T>
  name: FieldPathByValue<T, string>
  label: string
  invalid: boolean
  errorId: string
}) {
  const { field } = useController({
    control,
    name,
    rules: {
      validate: (code: string) => (/^\d{6}$/.test(codeDigits(code)) ? true : secondFactorMessages.codeFormat),
    },
  })
  return <CodeField label={label} value={field.value} onChange={field.onChange} invalid={invalid} errorId={errorId} />
}

/** Whether the server refused the confirming password. */
export function passwordRefused(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'INVALID_PASSWORD'
}
