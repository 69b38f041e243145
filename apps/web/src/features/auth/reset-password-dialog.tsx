import { authMessages, isPlausibleEmail } from '@picks/contracts/client'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { FormError, TextField } from '../../components/ui/text-field.tsx'

/** Forgot password? on the sign-in form: the e-mail a reset link is sent to. */
export function ResetPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [sent, setSent] = useState(false)
  const [pending, setPending] = useState(false)
  const errorId = useId()

  function close() {
    setEmail('')
    setError('')
    setSent(false)
    onClose()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError('')
    if (!isPlausibleEmail(email)) return setError(authMessages.invalidEmail)
    setPending(true)
    try {
      await auth.requestPasswordReset(email)
      // The same answer whether or not the e-mail has an account (spec §8).
      setSent(true)
    } catch (caught) {
      setError(authErrorMessage(caught, 'reset-request'))
    } finally {
      setPending(false)
    }
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
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">Enter your account e-mail and we will send you a link to reset it.</p>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            invalid={Boolean(error)}
            errorId={errorId}
          />
          <FormError id={errorId} message={error} />
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Sending…' : 'Send Reset Link'}
          </Button>
        </form>
      )}
    </Dialog>
  )
}
