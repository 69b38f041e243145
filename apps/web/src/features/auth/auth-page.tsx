import { authMessages } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import * as Tabs from '@radix-ui/react-tabs'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, Navigate, useLocation, useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { returnPathAfterSignIn } from '../../auth/auth-redirect.ts'
import { pageTitle, site } from '../../lib/site.ts'
import { siteConfigQuery } from '../../lib/site-config.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import { FormError } from '../../components/ui/text-field.tsx'
import { useFinishSignIn, type SetBusy } from './finish-sign-in.ts'
import { SignInForm } from './sign-in-form.tsx'
import { SignUpForm } from './sign-up-form.tsx'

type Mode = 'sign-in' | 'sign-up'

function GoogleButton() {
  const location = useLocation()
  const config = useQuery(siteConfigQuery())
  const [pending, setPending] = useState(false)
  const [error, setError] = useState('')
  const noteId = useId()
  const enabled = config.data?.auth.google === true
  const note =
    config.data?.auth.google === false
      ? 'Google sign-in is not configured on this server.'
      : config.isError
        ? 'Google sign-in is not available right now.'
        : ''

  async function start() {
    setError('')
    setPending(true)
    try {
      window.location.assign(await auth.googleSignInUrl(returnPathAfterSignIn(location)))
    } catch (caught) {
      setError(caught instanceof TypeError ? authMessages.networkError : authMessages.googleFailed)
      setPending(false)
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <Button
        variant="secondary"
        disabled={!enabled || pending}
        aria-busy={pending}
        aria-describedby={note ? noteId : undefined}
        onClick={() => void start()}
      >
        Continue with Google
        <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900">Recommended</span>
      </Button>
      {note && (
        <p id={noteId} className="text-xs text-slate-600">
          {note}
        </p>
      )}
      <FormError id={`${noteId}-error`} message={error} />
    </div>
  )
}

/** Back from the identity provider (`?oauth=return`): finish the first sign-in, then go on. */
function CompletingSignIn({ setBusy, onFailed }: { setBusy: SetBusy; onFailed: (message: string) => void }) {
  const finish = useFinishSignIn(setBusy)
  const [params] = useSearchParams()

  const started = useRef(false)

  useEffect(() => {
    // Once per return from the provider (a remount in development must not sign in twice).
    if (started.current) return
    started.current = true
    async function run() {
      // A provider redirect error: its description, else the spec's words (§8).
      if (params.has('error')) return onFailed(params.get('error_description') || authMessages.providerFailed)
      try {
        await finish(async () => {
          const answer = await auth.getSession()
          if (!answer) throw new Error(authMessages.providerFailed)
          return answer.user
        }, 'google')
      } catch (caught) {
        onFailed(authErrorMessage(caught, 'sign-in'))
      }
    }
    void run()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <title>{pageTitle('Completing sign in')}</title>
      <p role="status" className="flex items-center gap-3 text-base font-medium text-slate-800">
        <span
          className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-emerald-600"
          aria-hidden="true"
        />
        Completing sign in...
      </p>
    </div>
  )
}

const tabs: Array<{ mode: Mode; label: string }> = [
  { mode: 'sign-in', label: 'Sign In' },
  { mode: 'sign-up', label: 'Sign Up' },
]

export function Component() {
  const user = useStoredUser()
  const [params] = useSearchParams()
  const [mode, setMode] = useState<Mode>('sign-in')
  const [returning, setReturning] = useState(params.get('oauth') === 'return')
  const [providerError, setProviderError] = useState('')
  const [signingIn, setSigningIn] = useState(false)
  const tabsId = useId()

  if (returning) {
    return (
      <CompletingSignIn
        setBusy={setSigningIn}
        onFailed={(message) => {
          setProviderError(message)
          setReturning(false)
        }}
      />
    )
  }
  if (user && !signingIn) return <Navigate to="/shop-picks" replace />

  function select(next: Mode) {
    setMode(next)
    setProviderError('')
  }

  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-8 sm:py-12">
      <title>{pageTitle(mode === 'sign-in' ? 'Sign In' : 'Sign Up')}</title>
      <div className="flex w-full max-w-md flex-col gap-3">
        {/* The page has no sidebar (spec §2), so it carries its own way back. */}
        <Link
          to="/shop-picks"
          className="inline-flex min-h-11 items-center gap-1 self-start rounded-lg text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline"
        >
          <span aria-hidden="true">←</span> Back to the shop
        </Link>
        <div className="w-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h1 className="text-2xl font-bold text-slate-900">{site.name}</h1>
          <p className="mt-1 text-sm text-slate-600">Follow verified picks from the best handicappers.</p>

          {/* Radix Tabs: arrow keys, Home and End move between the tabs (WAI-ARIA tabs pattern). */}
          <Tabs.Root value={mode} onValueChange={(value) => select(value === 'sign-up' ? 'sign-up' : 'sign-in')}>
            <Tabs.List aria-label="Sign in or sign up" className="mt-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
              {tabs.map((tab) => (
                <Tabs.Trigger
                  key={tab.mode}
                  value={tab.mode}
                  className="min-h-11 rounded-md text-sm font-semibold text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
                >
                  {tab.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>

            <div className="mt-6">
              <GoogleButton />
            </div>
            <p className="my-4 text-center text-xs text-slate-600">or with your e-mail</p>
            <FormError id={`${tabsId}-provider-error`} message={providerError} />

            {/* Only the selected tab's form is mounted, so a switch clears every field, the error and the checkboxes (spec §2). */}
            <Tabs.Content value="sign-in" className="mt-2">
              <SignInForm setBusy={setSigningIn} />
            </Tabs.Content>
            <Tabs.Content value="sign-up" className="mt-2">
              <SignUpForm />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      </div>
    </div>
  )
}
