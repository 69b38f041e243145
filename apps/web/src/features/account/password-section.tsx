import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { fieldOfServerError, newPasswordProblem } from '../../components/auth/auth-form.tsx'
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

/** Current password, a new one (spec §5 rules and strength meter, as at sign-up) and its confirmation. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const [current, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<{ message: string; field: PasswordField | null }>({ message: '', field: null })
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

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (pending) return
    setStatus('')
    const problem: { message: string; field: PasswordField } | null = !current
      ? { message: passwordMessages.currentRequired, field: 'current' }
      : (newPasswordProblem(password, confirm) ??
        (password === current ? { message: passwordMessages.sameAsCurrent, field: 'password' } : null))
    setError(problem ?? { message: '', field: null })
    if (problem) return
    setPending(true)
    try {
      await auth.changePassword(current, password)
      setCurrent('')
      setPassword('')
      setConfirm('')
      setStatus(passwordMessages.changed)
    } catch (caught) {
      const wrongCurrent = caught instanceof ApiError && caught.reason === 'INVALID_PASSWORD'
      const field = fieldOfServerError(caught)
      setError({
        message: authErrorMessage(caught, 'change-password'),
        field: wrongCurrent || field === 'currentPassword' ? 'current' : field === 'newPassword' ? 'password' : null,
      })
    } finally {
      setPending(false)
    }
  }

  const field = (name: PasswordField) => ({ invalid: error.field === name, errorId })
  return (
    <AccountSection title="Password" description="Changing it signs you out on your other devices.">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <TextField
          label="Current Password"
          type="password"
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          {...field('current')}
        />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
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
