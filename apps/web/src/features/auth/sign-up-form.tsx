import { normalizeEmail } from '@picks/contracts/client'
import { useId, useState } from 'react'
import { useController, useForm } from 'react-hook-form'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { returnPathAfterSignIn } from '../../auth/auth-redirect.ts'
import { site } from '../../lib/site.ts'
import {
  fieldOfServerError,
  signUpProblem,
  type SignUpField,
  type SignUpFields,
} from '../../components/auth/auth-form.tsx'
import { firstProblemResolver, shownProblem } from '../../components/ui/form-problems.ts'
import { linkButton } from '../../components/auth/link-button.ts'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { FormError, TextField } from '../../components/ui/text-field.tsx'
import { NewPasswordFields } from '../../components/ui/new-password-fields.tsx'

const agreements = {
  terms: {
    title: 'Terms of Service',
    path: '/terms-of-service',
    text: [
      `${site.name} sells access to sports picks and analysis for entertainment and information only. No pick is a guarantee of any result, and any bet you place is your own decision and responsibility.`,
      `You must be ${site.minimumAge} or older, and follow the law where you live.`,
      'Subscription fees are charged in advance and are non-refundable except as required by law. You can cancel a subscription at any time; access continues to the end of the billing period.',
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    path: '/privacy-policy',
    text: [
      'We keep your name, e-mail address, optional phone number and what you buy, to run your account, deliver the picks you pay for and keep the service safe.',
      'We never sell your data. You can ask us for a copy of your data or to delete it at any time.',
    ],
  },
} as const

function AgreementCheckbox({
  which,
  checked,
  onChange,
  invalid,
  errorId,
}: {
  which: keyof typeof agreements
  checked: boolean
  onChange: (checked: boolean) => void
  invalid: boolean
  errorId: string
}) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const doc = agreements[which]
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-required
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="size-5 accent-emerald-700"
      />
      <label htmlFor={id} className="text-sm text-slate-800">
        I accept the {doc.title}
      </label>
      <button type="button" onClick={() => setOpen(true)} className={`${linkButton} min-h-11`}>
        Read the {doc.title}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} label={doc.title}>
        <div className="max-h-[60dvh] space-y-2 overflow-y-auto text-sm text-slate-700">
          <p className="text-xs text-slate-600">Effective {site.legalEffectiveDate}. In short:</p>
          {doc.text.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <p>
            <Link to={doc.path} target="_blank" className="underline underline-offset-2">
              Read the full {doc.title} (opens in a new tab)
            </Link>
          </p>
        </div>
        <Button
          className="mt-4 w-full"
          onClick={() => {
            onChange(true)
            setOpen(false)
          }}
        >
          I Understand
        </Button>
      </Dialog>
    </div>
  )
}

interface SignUpValues extends SignUpFields {
  phone: string
}

/** The agreements' one message is kept on `terms`; both boxes show it. */
type SignUpErrorField = Exclude<SignUpField, 'agreements'> | 'terms'

const checkSignUp = firstProblemResolver<SignUpValues, SignUpErrorField>((values) => {
  const problem = signUpProblem(values)
  if (!problem) return null
  return { field: problem.field === 'agreements' ? 'terms' : problem.field, message: problem.message }
})

/** Spec §5 sign-up: the account, then the e-mail verification page. */
export function SignUpForm() {
  const location = useLocation()
  const navigate = useNavigate()
  const form = useForm<SignUpValues>({
    defaultValues: { name: '', email: '', password: '', confirm: '', phone: '', terms: false, privacy: false },
    resolver: checkSignUp,
    ...checkOnSubmit,
  })
  const nameField = useController({ control: form.control, name: 'name' }).field
  const emailField = useController({ control: form.control, name: 'email' }).field
  const passwordField = useController({ control: form.control, name: 'password' }).field
  const confirmField = useController({ control: form.control, name: 'confirm' }).field
  const phoneField = useController({ control: form.control, name: 'phone' }).field
  const termsField = useController({ control: form.control, name: 'terms' }).field
  const privacyField = useController({ control: form.control, name: 'privacy' }).field
  const error = shownProblem(form.formState.errors, ['name', 'email', 'password', 'confirm', 'phone', 'terms'])
  const [pending, setPending] = useState(false)
  const errorId = useId()

  async function signUp({ name, email, password, phone }: SignUpValues) {
    setPending(true)
    try {
      await auth.signUp({ name, email, password, phone })
      const params = new URLSearchParams({ email: normalizeEmail(email) })
      const from = returnPathAfterSignIn(location)
      if (from !== '/shop-picks') params.set('redirect', from)
      void navigate(`/verify-email?${params}`, { state: { from } })
    } catch (caught) {
      const field = fieldOfServerError(caught)
      form.setError(field === 'email' || field === 'password' || field === 'phone' ? field : 'root.server', {
        message: authErrorMessage(caught, 'sign-up'),
      })
      setPending(false)
    }
  }

  const invalidField: SignUpField | null = error.field === 'terms' ? 'agreements' : error.field
  const field = (name: SignUpField) => ({ invalid: invalidField === name, errorId })
  return (
    <form onSubmit={(event) => void form.handleSubmit(signUp)(event)} noValidate className="flex flex-col gap-4">
      <TextField
        label="Full Name"
        value={nameField.value}
        onChange={nameField.onChange}
        autoComplete="name"
        {...field('name')}
      />
      <TextField
        label="Email"
        type="email"
        value={emailField.value}
        onChange={emailField.onChange}
        autoComplete="email"
        {...field('email')}
      />
      <NewPasswordFields
        password={passwordField.value}
        confirm={confirmField.value}
        onPassword={passwordField.onChange}
        onConfirm={confirmField.onChange}
        fieldProps={field}
      />
      <TextField
        label="Phone Number"
        type="tel"
        value={phoneField.value}
        onChange={phoneField.onChange}
        autoComplete="tel"
        optional
        {...field('phone')}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">Agreements</legend>
        <AgreementCheckbox
          which="terms"
          checked={termsField.value}
          onChange={termsField.onChange}
          {...field('agreements')}
        />
        <AgreementCheckbox
          which="privacy"
          checked={privacyField.value}
          onChange={privacyField.onChange}
          {...field('agreements')}
        />
      </fieldset>
      <FormError id={errorId} message={error.message} />
      <Button type="submit" disabled={pending} aria-busy={pending}>
        {pending ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  )
}
