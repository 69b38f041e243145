import type { SecondFactor } from '@picks/contracts'
import { cachePolicy } from '@picks/contracts/client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useController, useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { completeSignIn } from '../../auth/auth-session.ts'
import { newPasswordProblem } from '../../components/auth/auth-form.tsx'
import { firstProblemResolver, shownProblem } from '../../components/ui/form-problems.ts'
import { SecondFactorStep } from '../../components/auth/second-factor-step.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { pageTitle } from '../../lib/site.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import { adminQueries, setAdminPassword, verifyAdminPassword, type AdminStatus } from './api.ts'

function PasswordInput({
  label,
  value,
  onChange,
  autoComplete,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  autoComplete: string
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="password"
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full rounded-lg border border-slate-400 px-3 text-base"
      />
    </div>
  )
}

function Alert({ message }: { message: string }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  )
}

interface SignInFields {
  email: string
  password: string
}

function SignInStep() {
  const form = useForm<SignInFields>({ defaultValues: { email: '', password: '' }, ...checkOnSubmit })
  const passwordField = useController({ control: form.control, name: 'password' }).field
  const error = form.formState.errors.root?.server?.message ?? ''
  const [pending, setPending] = useState(false)
  // Set when the password was right and the account asks for a second factor.
  const [secondFactors, setSecondFactors] = useState<SecondFactor[] | null>(null)
  const emailId = useId()

  async function signIn({ email, password }: SignInFields) {
    setPending(true)
    try {
      const result = await auth.signIn(email, password, false)
      if (result.kind === 'signed-in') {
        // The page moves on to the admin password once the user record is stored.
        await completeSignIn(result.user)
        return
      }
      setSecondFactors(result.factors)
    } catch (caught) {
      form.setError('root.server', { message: authErrorMessage(caught, 'sign-in') })
    }
    setPending(false)
  }

  if (secondFactors) {
    return (
      <SecondFactorStep
        factors={secondFactors}
        onVerified={async (user) => {
          await completeSignIn(user)
        }}
        onCancel={() => {
          setSecondFactors(null)
          form.setValue('password', '')
        }}
      />
    )
  }

  return (
    <form onSubmit={(event) => void form.handleSubmit(signIn)(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">Sign in with your administrator account.</p>
      <div className="flex flex-col gap-1">
        <label htmlFor={emailId} className="text-sm font-medium text-slate-800">
          Email
        </label>
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          className="h-11 w-full rounded-lg border border-slate-400 px-3 text-base"
          {...form.register('email')}
        />
      </div>
      <PasswordInput
        label="Password"
        value={passwordField.value}
        onChange={passwordField.onChange}
        autoComplete="current-password"
      />
      <Alert message={error} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  )
}

interface AdminPasswordFields {
  password: string
  confirm: string
}

/** The second step: the admin password, chosen the first time and entered once per session after. */
function AdminPasswordStep({ status }: { status: AdminStatus }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const choosing = !status.hasPassword
  const form = useForm<AdminPasswordFields>({
    defaultValues: { password: '', confirm: '' },
    // Chosen the first time: the sign-up rules, then the confirmation.
    resolver: firstProblemResolver(({ password, confirm }) =>
      choosing ? newPasswordProblem(password, confirm) : null,
    ),
    ...checkOnSubmit,
  })
  const passwordField = useController({ control: form.control, name: 'password' }).field
  const confirmField = useController({ control: form.control, name: 'confirm' }).field
  const error = shownProblem(form.formState.errors, ['password', 'confirm']).message
  const [pending, setPending] = useState(false)

  async function submit({ password }: AdminPasswordFields) {
    setPending(true)
    try {
      if (choosing) await setAdminPassword(password)
      await verifyAdminPassword(password)
      await queryClient.invalidateQueries({ queryKey: adminQueries.status().queryKey })
      void navigate('/admin/dashboard', { replace: true })
    } catch (caught) {
      form.setError('root.server', {
        message: caught instanceof ApiError ? caught.message : 'Could not check the admin password. Please try again.',
      })
      setPending(false)
    }
  }

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {choosing
          ? 'Choose the admin password. It is asked once per session before the admin area opens.'
          : 'Enter the admin password to open the admin area.'}
      </p>
      <PasswordInput
        label={choosing ? 'New admin password' : 'Admin password'}
        value={passwordField.value}
        onChange={passwordField.onChange}
        autoComplete={choosing ? 'new-password' : 'current-password'}
      />
      {choosing && (
        <PasswordInput
          label="Confirm admin password"
          value={confirmField.value}
          onChange={confirmField.onChange}
          autoComplete="new-password"
        />
      )}
      <Alert message={error} />
      <Button type="submit" disabled={pending}>
        {pending ? 'Checking…' : 'Continue'}
      </Button>
    </form>
  )
}

/** A 401 or 403 is the answer, not a hiccup: asking again would only keep a non-admin waiting. */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < cachePolicy.maxReadRetries
}

function AdminStep() {
  const status = useQuery({ ...adminQueries.status(), retry: retryUnlessClientError })
  if (status.isPending) return <p role="status">Checking your account…</p>
  if (status.isError) {
    const notAdmin = status.error instanceof ApiError && status.error.status === 403
    return (
      <p role="alert" className="text-sm text-slate-800">
        {notAdmin ? 'This account is not an administrator.' : 'Could not reach the server. Please try again.'}{' '}
        <Link to="/shop-picks" className="underline underline-offset-2">
          Back to the shop
        </Link>
      </p>
    )
  }
  return <AdminPasswordStep status={status.data} />
}

export function Component() {
  const user = useStoredUser()
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <title>{pageTitle('Admin Login')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Admin Login</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {user ? <AdminStep /> : <SignInStep />}
      </div>
    </div>
  )
}
