import { useId, useState, type FormEvent } from 'react'
import { Controller, useController, useForm } from 'react-hook-form'
import { Button } from '../../components/ui/button.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { fieldOfServerError, newPasswordProblem } from '../../components/auth/auth-form.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { firstProblemResolver, shownProblem } from '../../components/ui/form-problems.ts'
import { FormError, TextField } from '../../components/ui/text-field.tsx'
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx'
import { StatusNote } from '../../components/ui/status-note.tsx'
import { AccountSection } from './account-section.tsx'

type PasswordField = 'current' | 'password' | 'confirm'

export const passwordMessages = {
  currentRequired: 'Enter your current password.',
  sameAsCurrent: 'Choose a new password, different from your current one.',
  changed: 'Your password has been changed. Other devices were signed out.',
  noPassword: 'You sign in with Google, so this account has no password to change.',
} as const

interface PasswordFields {
  current: string
  password: string
  confirm: string
}

/** The first problem only: the current password, the spec §5 rules, the confirmation, then a new one that is the same. */
const checkPasswords = firstProblemResolver<PasswordFields, PasswordField>((values) =>
  !values.current
    ? { message: passwordMessages.currentRequired, field: 'current' }
    : (newPasswordProblem(values.password, values.confirm) ??
      (values.password === values.current ? { message: passwordMessages.sameAsCurrent, field: 'password' } : null)),
)

/** The field a refusal of the change is about, if any. */
function refusedField(caught: unknown): PasswordField | null {
  const wrongCurrent = caught instanceof ApiError && caught.reason === 'INVALID_PASSWORD'
  const field = fieldOfServerError(caught)
  return wrongCurrent || field === 'currentPassword' ? 'current' : field === 'newPassword' ? 'password' : null
}

/** Current password, a new one (spec §5 rules and strength meter, as at sign-up) and its confirmation. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const form = useForm<PasswordFields>({
    defaultValues: { current: '', password: '', confirm: '' },
    resolver: checkPasswords,
    ...checkOnSubmit,
  })
  const password = useController({ control: form.control, name: 'password' })
  const confirm = useController({ control: form.control, name: 'confirm' })
  const error = shownProblem(form.formState.errors, ['current', 'password', 'confirm'])
  const [status, setStatus] = useState('')
  const [pending, setPending] = useState(false)
  const errorId = useId()

  if (!hasPassword) {
    return (
      <AccountSection title="Password">
        <p className="text-sm text-slate-700">{passwordMessages.noPassword}</p>
      </AccountSection>
    )
  }

  async function change(values: PasswordFields) {
    setPending(true)
    try {
      await auth.changePassword(values.current, values.password)
      form.reset()
      setStatus(passwordMessages.changed)
    } catch (caught) {
      form.setError(refusedField(caught) ?? 'root.server', { message: authErrorMessage(caught, 'change-password') })
    } finally {
      setPending(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    setStatus('')
    void form.handleSubmit((values) => void change(values))(event)
  }

  const field = (name: PasswordField) => ({ invalid: error.field === name, errorId })
  return (
    <AccountSection title="Password" description="Changing it signs you out on your other devices.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Controller
          control={form.control}
          name="current"
          render={({ field: current }) => (
            <TextField
              label="Current Password"
              type="password"
              value={current.value}
              onChange={current.onChange}
              autoComplete="current-password"
              {...field('current')}
            />
          )}
        />
        <NewPasswordFields
          password={password.field.value}
          confirm={confirm.field.value}
          onPassword={password.field.onChange}
          onConfirm={confirm.field.onChange}
          passwordLabel="New Password"
          confirmLabel="Confirm New Password"
          fieldProps={field}
        />
        <FormError id={errorId} message={error.message} />
        <StatusNote message={status} />
        <Button type="submit" disabled={pending} aria-busy={pending} className="self-start">
          {pending ? 'Changing…' : 'Change Password'}
        </Button>
      </form>
    </AccountSection>
  )
}
