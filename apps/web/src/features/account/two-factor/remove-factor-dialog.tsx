import type { Factor } from '@picks/contracts'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { auth, authErrorMessage } from '../../../auth/auth.ts'
import { factorLabel } from '../../../components/auth/second-factor-step.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { shownProblem } from '../../../components/ui/form-problems.ts'
import { PasswordStep, passwordRefused, submitStep } from './factor-forms.tsx'

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

  async function remove({ password }: RemoveFields) {
    if (!factor) return
    setPending(true)
    try {
      await auth.removeFactor(factor.id, hasPassword ? password : undefined)
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

  return (
    <Dialog open={factor !== null} onClose={close} label="Remove two-factor method">
      {factor && (
        <form onSubmit={submitStep(form, !pending, remove)} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Remove <strong>{factorLabel(factor)}</strong>? Signing in will no longer ask for its codes.
          </p>
          <PasswordStep
            control={form.control}
            name="password"
            problem={error}
            hasPassword={hasPassword}
            errorId={errorId}
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
