import type { FormEvent, ReactNode } from 'react'
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form'
import { ApiError } from '../../../lib/api-client.ts'
import { auth } from '../../../auth/auth.ts'
import { CodeField } from '../../../components/ui/code-field.tsx'
import type { ShownProblem } from '../../../components/ui/form-problems.ts'
import { FormActions, TextField, type FormActionsProps } from '../../../components/ui/text-field.tsx'
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

/** What a step's fields and buttons share: the form's control, its one shown problem and the buttons. */
type StepProps<T extends FieldValues> = {
  control: Control<T>
  name: FieldPathByValue<T, string>
  problem: ShownProblem<string>
} & Omit<FormActionsProps, 'error'>

/**
 * A step confirmed with the password (starting a setup, removing a factor): the password field when
 * the account has one, the form's message and its buttons. `fields` are shown before the password.
 */
export function PasswordStep<T extends FieldValues>({
  control,
  name,
  problem,
  hasPassword,
  fields,
  ...actions
}: StepProps<T> & { hasPassword: boolean; fields?: ReactNode }) {
  return (
    <>
      {fields}
      <ConfirmPasswordField
        control={control}
        name={name}
        hasPassword={hasPassword}
        invalid={problem.field === name}
        errorId={actions.errorId}
      />
      <FormActions {...actions} error={problem.message} />
    </>
  )
}

/** The step that confirms a new factor with its first code: the code, the form's message, Confirm and Cancel. */
export function CodeStep<T extends FieldValues>({
  control,
  name,
  problem,
  label,
  ...actions
}: StepProps<T> & { label: string }) {
  return (
    <>
      <CodeEntry
        control={control}
        name={name}
        label={label}
        invalid={problem.field === name}
        errorId={actions.errorId}
      />
      <FormActions {...actions} error={problem.message} />
    </>
  )
}

/** A step's submit: nothing while `ready` is false, else the form's checks for the fields on screen, then `run`. */
export function submitStep<T extends FieldValues>(
  form: UseFormReturn<T>,
  ready: boolean,
  run: (values: T) => Promise<void>,
): (event: FormEvent) => void {
  return (event) => {
    event.preventDefault()
    if (!ready) return
    void form.handleSubmit((values) => void run(values))(event)
  }
}

/** Removes a factor left unconfirmed by a cancelled setup; a failure leaves it listed as not confirmed. */
export function discardUnconfirmed(factorId: string, hasPassword: boolean, password: string): void {
  auth.removeFactor(factorId, hasPassword ? password : undefined).catch(() => undefined)
}
