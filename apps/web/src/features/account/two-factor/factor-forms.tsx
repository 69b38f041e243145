import { ApiError } from '../../../lib/api-client.ts'
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

/** The rule of the confirming password: required when the account has one. */
export function passwordRule(hasPassword: boolean) {
  return {
    validate: (password: string) => (!hasPassword || password ? true : twoFactorMessages.passwordRequired),
  }
}

/** The rule of a texted or app code: six digits, spaces and dashes aside. */
export const codeRule = {
  validate: (code: string) => (/^\d{6}$/.test(codeDigits(code)) ? true : secondFactorMessages.codeFormat),
}

/** The password that confirms a change to the second factors; nothing for an account without one. */
export function ConfirmPasswordField({
  hasPassword,
  value,
  onChange,
  invalid,
  errorId,
}: {
  hasPassword: boolean
  value: string
  onChange: (value: string) => void
  invalid: boolean
  errorId: string
}) {
  if (!hasPassword) return null
  return (
    <TextField
      label="Your Password"
      type="password"
      value={value}
      onChange={onChange}
      autoComplete="current-password"
      invalid={invalid}
      errorId={errorId}
    />
  )
}

/** Whether the server refused the confirming password. */
export function passwordRefused(error: unknown): boolean {
  return error instanceof ApiError && error.reason === 'INVALID_PASSWORD'
}
