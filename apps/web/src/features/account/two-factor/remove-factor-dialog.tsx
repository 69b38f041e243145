import type { Factor } from '@picks/contracts'
import { useId, useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { auth, authErrorMessage } from '../../../auth/auth.ts'
import { factorLabel } from '../../../components/auth/second-factor-step.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { shownProblem } from '../../../components/ui/form-problems.ts'
import { FormActions } from '../../../components/ui/text-field.tsx'
import { ConfirmPasswordField, passwordRefused } from './factor-forms.tsx'

interface RemoveFields {
  password: string
}

/** Removing a factor, confirmed with the password when the account has one. */
export function RemoveFactorDialog({
  factor,
  hasPassword,
  onClose,
  onRemoved,
}: {
  factor: Factor | null
  hasPassword: boolean
  onClose: () => void
  onRemoved: () => void
}) {
  const form = useForm<RemoveFields>({ defaultValues: { password: '' }, ...checkOnSubmit })
  const error = shownProblem(form.formState.errors, ['password'])
  const [pending, setPending] = useState(false)
  const errorId = useId()

  function close() {
    form.reset()
    onClose()
  }

  async function remove({ password }: RemoveFields, target: Factor) {
    setPending(true)
    try {
      await auth.removeFactor(target.id, hasPassword ? password : undefined)
      form.reset()
      onRemoved()
    } catch (caught) {
      form.setError(passwordRefused(caught) ? 'password' : 'root.server', {
        message: authErrorMessage(caught, 'factors'),
      })
    } finally {
      setPending(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!factor || pending) return
    void form.handleSubmit((values) => void remove(values, factor))(event)
  }

  return (
    <Dialog open={factor !== null} onClose={close} label="Remove two-factor method">
      {factor && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Remove <strong>{factorLabel(factor)}</strong>? Signing in will no longer ask for its codes.
          </p>
          <ConfirmPasswordField
            control={form.control}
            name="password"
            hasPassword={hasPassword}
            invalid={error.field === 'password'}
            errorId={errorId}
          />
          <FormActions
            errorId={errorId}
            error={error.message}
            pending={pending}
            submitLabel="Remove"
            pendingLabel="Removing…"
            onCancel={close}
          />
        </form>
      )}
    </Dialog>
  )
}
