import type { CreatorProfile } from '@picks/contracts'
import { isSportSlug, type StoredUser } from '@picks/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import {
  creatorProfileForm,
  hasProblems,
  usernameAndProfileProblems,
  type UsernameAndProfile,
} from '../../../components/creator-profile/creator-profile-form.ts'
import {
  emptyProfileValues,
  problemsFromServer,
  profileBody,
  type CreatorProfileValues,
} from '../../../components/creator-profile/profile-values.ts'
import { UsernameAndProfileFields } from '../../../components/creator-profile/username-and-profile-fields.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { FormAlert } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { useFocusFirstInvalid } from '../../../components/ui/use-focus-first-invalid.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { creatorKeys, creatorProfileQueries } from '../../../components/creator-profile/creator-queries.ts'
import { accountKeys } from '../../../auth/account-keys.ts'
import { recordOf, refreshStoredProfile, storeUserRecord } from '../../../auth/stored-user.ts'
import { registerCreator, registerCreatorErrorMessage, signedInUser } from '../api/index.ts'

const fixFields = 'Please fix the highlighted fields.'

function startingValues(user: StoredUser): CreatorProfileValues {
  const sport = user.specialty_sport ?? ''
  return {
    ...emptyProfileValues,
    picture: user.profile_picture ?? '',
    specialtySport: isSportSlug(sport) ? sport : '',
  }
}

/**
 * Become a Creator (spec §2 `/dashboard` for a customer): the register-creator form. On success the
 * local `user` record takes the creator role, so the sidebar and this page turn into the creator's.
 */
export function BecomeCreatorForm({
  user,
  onRegistered,
}: {
  user: StoredUser
  onRegistered: (creator: CreatorProfile) => void
}) {
  const queryClient = useQueryClient()
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid()
  const form = useForm<UsernameAndProfile>({
    defaultValues: { username: '', profile: startingValues(user) },
    resolver: creatorProfileForm.resolver(usernameAndProfileProblems),
    ...checkOnSubmit,
  })
  const { errors } = form.formState
  const formError = errors.root?.server?.message ?? errors.root?.message
  const [uploading, setUploading] = useState(false)

  const register = useMutation({
    mutationFn: ({ username, profile }: UsernameAndProfile) =>
      registerCreator(user.id, { username: username.trim(), ...profileBody(profile) }),
    onSuccess: (answer) => {
      queryClient.setQueryData(creatorProfileQueries.profile(answer.creator.id).queryKey, { creator: answer.creator })
      // The shop lists the new creator; the account's `me` carries the role.
      void queryClient.invalidateQueries({ queryKey: creatorKeys.all })
      void queryClient.invalidateQueries({ queryKey: accountKeys.all(user.id) })
      onRegistered(answer.creator)
      storeUserRecord(recordOf(answer.user))
    },
    onError: (error) => {
      form.setError('root.server', { message: registerCreatorErrorMessage(error) })
      if (!(error instanceof ApiError)) return
      const fromServer = problemsFromServer(error.details)
      if (error.reason === 'USERNAME_TAKEN') fromServer.username = error.message
      if (hasProblems(fromServer)) {
        creatorProfileForm.show(form.setError, fromServer)
        focusFirstInvalid()
      }
      if (error.reason === 'ALREADY_CREATOR') {
        // This device's record is behind the server: bring it up to date, which shows the dashboard.
        signedInUser()
          .then((user) => refreshStoredProfile(recordOf(user)))
          .catch(() => undefined)
      }
    },
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (register.isPending || uploading) return
    // The problems found replace those shown; none, the profile is sent.
    void form.handleSubmit(
      (values) => register.mutate(values),
      () => {
        form.setError('root', { message: fixFields })
        focusFirstInvalid()
      },
    )(event)
  }

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 lg:py-10" aria-labelledby="become-creator-title">
      <h1 id="become-creator-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Become a Creator
      </h1>
      <p className="mt-2 text-slate-700">
        Sell your picks by subscription or as passes. Set up your public profile; you add your plans next.
      </p>

      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-5">
        <UsernameAndProfileFields form={form} name={user.name || user.email} onUploadingChange={setUploading} />
        <FormAlert message={formError} />
        <p className="text-sm text-slate-700">
          By continuing you agree to the{' '}
          <a
            href="/creator-terms"
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-emerald-800 underline"
          >
            Creator Terms
          </a>
          .
        </p>
        <Button type="submit" disabled={register.isPending || uploading} className="self-start">
          {register.isPending ? 'Creating your profile…' : 'Become a Creator'}
        </Button>
      </form>
    </section>
  )
}
