import { useId, useState } from 'react'
import { useController, useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/button.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { auth, authErrorMessage, codeMessages } from '../../auth/auth.ts'
import { pageTitle } from '../../lib/site.ts'
import { fieldOfServerError, newPasswordProblem } from '../../components/auth/auth-form.tsx'
import { firstProblemResolver, shownProblem } from '../../components/ui/form-problems.ts'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { FormError } from '../../components/ui/text-field.tsx'
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx'

export const resetDoneMessage = 'Your password has been reset. You can now sign in with your new password.'

interface NewPasswordValues {
  password: string
  confirm: string
}

const checkNewPassword = firstProblemResolver<NewPasswordValues, 'password' | 'confirm'>(({ password, confirm }) =>
  newPasswordProblem(password, confirm),
)

function InvalidLink() {
  return (
    <div className="mt-4 flex flex-col gap-4">
      <p role="alert" className="text-sm text-slate-800">
        {codeMessages.invalidResetLink}
      </p>
      <p className="text-sm text-slate-700">
        Reset links work once and expire after a while. Ask for a new one with <strong>Forgot password?</strong> on the
        sign-in page.
      </p>
      <ButtonLink to="/auth">Request a new link</ButtonLink>
    </div>
  )
}

export function Component() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const form = useForm<NewPasswordValues>({
    defaultValues: { password: '', confirm: '' },
    resolver: checkNewPassword,
    ...checkOnSubmit,
  })
  const passwordField = useController({ control: form.control, name: 'password' }).field
  const confirmField = useController({ control: form.control, name: 'confirm' }).field
  const error = shownProblem(form.formState.errors, ['password', 'confirm'])
  const [done, setDone] = useState(false)
  const [tokenRejected, setTokenRejected] = useState(false)
  const [pending, setPending] = useState(false)
  const errorId = useId()
  const linkBroken = !token || params.has('error') || tokenRejected

  async function reset({ password }: NewPasswordValues) {
    setPending(true)
    try {
      await auth.resetPassword(token, password)
      setDone(true)
    } catch (caught) {
      if (caught instanceof ApiError && caught.reason === 'INVALID_TOKEN') return setTokenRejected(true)
      form.setError(fieldOfServerError(caught) === 'newPassword' ? 'password' : 'root.server', {
        message: authErrorMessage(caught, 'reset-password'),
      })
    } finally {
      setPending(false)
    }
  }

  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-8 sm:py-12">
      <title>{pageTitle('Reset Password')}</title>
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="text-2xl font-bold text-slate-900">Reset Password</h1>
        {done ? (
          <div className="mt-4 flex flex-col gap-4">
            <p role="status" className="text-sm text-slate-800">
              {resetDoneMessage}
            </p>
            <Link to="/auth" className="font-medium text-emerald-800 underline underline-offset-2">
              Sign in
            </Link>
          </div>
        ) : linkBroken ? (
          <InvalidLink />
        ) : (
          <form
            onSubmit={(event) => void form.handleSubmit(reset)(event)}
            noValidate
            className="mt-6 flex flex-col gap-4"
          >
            <NewPasswordFields
              password={passwordField.value}
              confirm={confirmField.value}
              onPassword={passwordField.onChange}
              onConfirm={confirmField.onChange}
              passwordLabel="New Password"
              fieldProps={(name) => ({ invalid: error.field === name, errorId })}
            />
            <FormError id={errorId} message={error.message} />
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending ? 'Saving…' : 'Reset Password'}
            </Button>
          </form>
        )}
      </div>
    </div>
  )
}
