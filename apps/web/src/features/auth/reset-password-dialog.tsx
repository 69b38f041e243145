import { authMessages, isPlausibleEmail } from '@picks/contracts/client'
import { useId, useState, type FormEvent } from 'react'
import { useController, useForm } from 'react-hook-form'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { firstProblemResolver, shownProblem } from '../../components/ui/form-problems.ts'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { FormError, TextField } from '../../components/ui/text-field.tsx'

interface ResetRequestFields {
  email: string
}

const checkResetRequest = firstProblemResolver<ResetRequestFields, 'email'>(({ email }) =>
  isPlausibleEmail(email) ? null : { field: 'email', message: authMessages.invalidEmail },
)

/** Forgot password? on the sign-in form: the e-mail a reset link is sent to. */
export function ResetPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm<ResetRequestFields>({
    defaultValues: { email: '' },
    resolver: checkResetRequest,
    ...checkOnSubmit,
  })
  const emailField = useController({ control: form.control, name: 'email' }).field
  const error = shownProblem(form.formState.errors, ['email'])
  const [sent, setSent] = useState(false)
  const [pending, setPending] = useState(false)
  const errorId = useId()

  function close() {
    form.reset()
    setSent(false)
    onClose()
  }

  function submit(event: FormEvent) {
    void form.handleSubmit(async ({ email }) => {
      setPending(true)
      try {
        await auth.requestPasswordReset(email)
        // The same answer whether or not the e-mail has an account (spec §8).
        setSent(true)
      } catch (caught) {
        form.setError('root.server', { message: authErrorMessage(caught, 'reset-request') })
      } finally {
        setPending(false)
      }
    })(event)
  }

  return (
    <Dialog open={open} onClose={close} label="Reset Password">
      {sent ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="text-sm text-slate-800">
            {authMessages.resetSent}
          </p>
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">Enter your account e-mail and we will send you a link to reset it.</p>
          <TextField
            label="Email"
            type="email"
            value={emailField.value}
            onChange={emailField.onChange}
            autoComplete="email"
            invalid={Boolean(error.message)}
            errorId={errorId}
          />
          <FormError id={errorId} message={error.message} />
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </form>
      )}
    </Dialog>
  )
}
