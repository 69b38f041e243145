import type { SandboxOnboarding } from '@picks/contracts'
import { useMutation, useQuery } from '@tanstack/react-query'
import { type FormEvent, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { useLocation, useParams } from 'react-router'
import { Button, ButtonLink } from '../../../components/ui/button.tsx'
import { Field, FormAlert, inputClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { authRedirectFor } from '../../../auth/auth-redirect.ts'
import { pageTitle, site } from '../../../lib/site.ts'
import { useStoredUser } from '../../../auth/stored-user.ts'
import { Loading } from '../../../components/ui/read-states.tsx'
import { completeSandboxOnboarding, leaveFor, payoutQueries, serverReason } from '../api/index.ts'
import { ReadFailed } from '../../../components/ui/read-states.tsx'

/** The only bank account the test provider knows. */
export const testBankAccount = '000123456789'

export const sandboxOnboardingMessages = {
  used: 'This onboarding link has already been used.',
  expired: 'This onboarding link has expired.',
  notFound: 'This onboarding link does not exist.',
  loadFailed: 'We couldn’t load this onboarding link.',
  completeFailed: 'Could not complete onboarding',
  legalName: 'Enter your legal name',
  birthDate: 'Enter your date of birth',
  tooYoung: `You must be ${site.minimumAge} or older to be paid out`,
  signedOut: 'Sign in with the creator account this link belongs to before you complete onboarding.',
  notYours: 'This onboarding link belongs to another account.',
} as const

function TestModeBanner() {
  return (
    <p
      role="note"
      className="w-full rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-center font-semibold text-amber-950"
    >
      <span aria-hidden="true" className="mr-2 rounded bg-amber-400 px-1.5 py-0.5 text-xs tracking-wide">
        TEST MODE
      </span>
      <span>Test mode — no real bank account is used</span>
    </p>
  )
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-5 px-4 py-8 sm:px-6 lg:py-12">
      <title>{pageTitle('Test payout onboarding')}</title>
      <TestModeBanner />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Set up payouts</h1>
      {children}
    </section>
  )
}

function LinkUnavailable({ message }: { message: string }) {
  return (
    <>
      <p className="text-slate-800">{message}</p>
      <p className="text-sm text-slate-700">Open a new link from your payments page.</p>
      <ButtonLink to="/creator/payments">Back to payments</ButtonLink>
    </>
  )
}

/** Whole years between a `YYYY-MM-DD` birth date and today; null when it is not a real past date. */
function ageOn(birthDate: string, today: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const born = new Date(Date.UTC(year, month - 1, day))
  if (born.getUTCMonth() !== month - 1 || born.getTime() > today.getTime()) return null
  let age = today.getUTCFullYear() - year
  const beforeBirthday =
    today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day)
  if (beforeBirthday) age -= 1
  return age
}

interface OnboardingFields {
  legalName: string
  birthDate: string
}

/** What is wrong with a typed birth date, or true: a real past date, old enough to be paid out. */
function birthDateProblem(birthDate: string): string | true {
  const age = ageOn(birthDate, new Date())
  if (age === null) return sandboxOnboardingMessages.birthDate
  if (age < site.minimumAge) return sandboxOnboardingMessages.tooYoung
  return true
}

function OnboardingForm({ link, onLinkClosed }: { link: SandboxOnboarding; onLinkClosed: () => void }) {
  const user = useStoredUser()
  const location = useLocation()
  const form = useForm<OnboardingFields>({
    defaultValues: { legalName: link.name, birthDate: '' },
    ...checkOnSubmit,
  })
  const problems = form.formState.errors

  const complete = useMutation({
    mutationFn: () => completeSandboxOnboarding(link.link_id),
    onSuccess: (redirectUrl) => leaveFor(redirectUrl),
    onError: (error) => {
      // Used or expired since it was opened: the page shows why instead of the form.
      if (error instanceof ApiError && error.status === 409) onLinkClosed()
    },
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (complete.isPending || complete.isSuccess) return
    void form.handleSubmit(() => complete.mutate())(event)
  }

  const error = complete.error
  const failure =
    error instanceof ApiError && error.status === 401
      ? sandboxOnboardingMessages.signedOut
      : error instanceof ApiError && error.status === 403
        ? sandboxOnboardingMessages.notYours
        : error
          ? sandboxOnboardingMessages.completeFailed
          : null
  const leaving = complete.isPending || complete.isSuccess
  const signIn = authRedirectFor(location)

  return (
    <form noValidate aria-label="Test payout onboarding" onSubmit={onSubmit} className="flex w-full flex-col gap-4">
      <dl className="grid grid-cols-1 gap-2 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Account name</dt>
          <dd className="font-medium text-slate-900">{link.name}</dd>
        </div>
        <div>
          <dt className="text-slate-600">E-mail</dt>
          <dd className="font-medium break-all text-slate-900">{link.email}</dd>
        </div>
      </dl>
      <Field label="Legal name" error={problems.legalName?.message}>
        {(control) => (
          <input
            {...control}
            autoComplete="name"
            className={inputClasses}
            {...form.register('legalName', {
              validate: (name) => (name.trim() ? true : sandboxOnboardingMessages.legalName),
            })}
          />
        )}
      </Field>
      <Field label="Date of birth" error={problems.birthDate?.message}>
        {(control) => (
          <input
            {...control}
            type="date"
            autoComplete="bday"
            className={inputClasses}
            {...form.register('birthDate', { validate: birthDateProblem })}
          />
        )}
      </Field>
      <Field label="Test bank account" hint="Payouts in test mode go to this made-up account.">
        {(control) => (
          <input
            {...control}
            readOnly
            className={`${inputClasses.replace('bg-white', 'bg-slate-100')} font-mono`}
            value={testBankAccount}
          />
        )}
      </Field>
      <FormAlert
        message={failure}
        detail={failure === sandboxOnboardingMessages.completeFailed ? serverReason(error) : null}
      />
      {user ? (
        <Button type="submit" disabled={leaving} className="self-start">
          {leaving ? 'Completing…' : 'Complete onboarding'}
        </Button>
      ) : (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-slate-700">{sandboxOnboardingMessages.signedOut}</p>
          <ButtonLink to={signIn.to} state={signIn.state}>
            Sign in
          </ButtonLink>
        </div>
      )}
    </form>
  )
}

/**
 * `/sandbox/onboarding/:linkId`: the sandbox provider's onboarding page (issue 5 item 1), clearly
 * marked as test mode. Completing it marks the account onboarded and returns to the app.
 */
export function Component() {
  const { linkId = '' } = useParams()
  const link = useQuery(payoutQueries.sandboxOnboarding(linkId))

  if (link.isPending) {
    return (
      <Shell>
        <Loading label="Loading your onboarding link…" className="h-40 w-full" />
      </Shell>
    )
  }
  if (link.isError) {
    const missing = link.error instanceof ApiError && link.error.status === 404
    return (
      <Shell>
        {missing ? (
          <LinkUnavailable message={sandboxOnboardingMessages.notFound} />
        ) : (
          <ReadFailed message={sandboxOnboardingMessages.loadFailed} onRetry={() => void link.refetch()} />
        )}
      </Shell>
    )
  }
  if (link.data.status !== 'open') {
    return (
      <Shell>
        <LinkUnavailable
          message={link.data.status === 'used' ? sandboxOnboardingMessages.used : sandboxOnboardingMessages.expired}
        />
      </Shell>
    )
  }
  return (
    <Shell>
      <p className="text-slate-700">
        This stands in for the payment provider’s onboarding. Check the details and complete it to turn on payouts.
      </p>
      <OnboardingForm link={link.data} onLinkClosed={() => void link.refetch()} />
    </Shell>
  )
}
