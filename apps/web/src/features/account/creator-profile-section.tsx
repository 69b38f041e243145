import type { CreatorProfile } from '@picks/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import {
  creatorProfileForm,
  hasProblems,
  usernameAndProfileProblems,
  type UsernameAndProfile,
} from '../../components/creator-profile/creator-profile-form.ts'
import {
  problemsFromServer,
  profileBody,
  valuesFromProfile,
  type ProfileProblems,
} from '../../components/creator-profile/profile-values.ts'
import { UsernameAndProfileFields } from '../../components/creator-profile/username-and-profile-fields.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormAlert } from '../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { useFocusFirstInvalid } from '../../components/ui/use-focus-first-invalid.ts'
import { ApiError } from '../../lib/api-client.ts'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { creatorKeys, creatorProfileQueries } from '../../components/creator-profile/creator-queries.ts'
import { recordOf, refreshStoredProfile } from '../../auth/stored-user.ts'
import { accountQueries, saveCreatorProfile } from './api.ts'
import { StatusNote } from '../../components/ui/status-note.tsx'
import { AccountSection } from './account-section.tsx'

export const creatorProfileSectionMessages = {
  saved: 'Creator profile saved.',
  renamed: 'Creator profile saved. Your old link keeps leading here for 30 days.',
  fixFields: 'Please fix the highlighted fields.',
} as const

/** Every problem the browser can see, each on its field; the picture is not this form's (the account's avatar is). */
function creatorProfileProblems(values: UsernameAndProfile): ProfileProblems {
  const { profilePicture: _accountAvatar, ...found } = usernameAndProfileProblems(values)
  return found
}

/**
 * A creator's public profile (issue 4): username, bio, sports, social links and country, saved with
 * `PUT /creators/{id}/profile`. The picture is the account's avatar above: the server keeps the two
 * the same. A new username keeps the old link working for 30 days.
 */
export function CreatorProfileSection({ creator, userId }: { creator: CreatorProfile; userId: string }) {
  const queryClient = useQueryClient()
  const { formRef, focusFirstInvalid } = useFocusFirstInvalid()
  const form = useForm<UsernameAndProfile>({
    defaultValues: { username: creator.username, profile: valuesFromProfile(creator) },
    resolver: creatorProfileForm.resolver(creatorProfileProblems),
    ...checkOnSubmit,
  })
  const errors = form.formState.errors
  const [saved, setSaved] = useState('')

  const save = useMutation({
    mutationFn: async ({ username, profile: values }: UsernameAndProfile) => {
      const { profilePicture: _sameAsAccount, ...profile } = profileBody(values)
      const renamed = username.trim() !== creator.username
      const answer = await saveCreatorProfile(creator.id, {
        ...(renamed ? { username: username.trim() } : {}),
        ...profile,
        country: values.country || null,
      })
      return { answer, renamed }
    },
    onSuccess: ({ answer, renamed }) => {
      // The owner's view (on screen) and the public one take the answer; the shop reads again.
      queryClient.setQueryData(creatorProfileQueries.own(creator.id).queryKey, answer)
      queryClient.setQueryData(creatorProfileQueries.profile(creator.id).queryKey, answer)
      void queryClient.invalidateQueries({ queryKey: creatorKeys.all })
      // The specialty sport is the account's too: bring the account and the local record up to date.
      void auth
        .me()
        .then((me) => {
          queryClient.setQueryData(accountQueries.me(userId).queryKey, me)
          refreshStoredProfile(recordOf(me))
        })
        .catch(() => undefined)
      setSaved(renamed ? creatorProfileSectionMessages.renamed : creatorProfileSectionMessages.saved)
    },
    onError: (error) => {
      form.setError('root.server', { message: authErrorMessage(error, 'profile') })
      if (!(error instanceof ApiError)) return
      const fromServer = problemsFromServer(error.details)
      if (error.reason === 'USERNAME_TAKEN') fromServer.username = error.message
      if (hasProblems(fromServer)) {
        creatorProfileForm.show(form.setError, fromServer)
        focusFirstInvalid()
      }
    },
  })

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    setSaved('')
    let invalid = false
    await form.handleSubmit(
      (values) => save.mutate(values),
      () => {
        invalid = true
        form.setError('root.invalid', { message: creatorProfileSectionMessages.fixFields })
      },
    )(event)
    // After the errors are on the page: focus the first field at fault.
    if (invalid) focusFirstInvalid()
  }

  return (
    <AccountSection
      title="Creator profile"
      description="What customers see on your purchase page. Your picture is the one in Profile above."
    >
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <UsernameAndProfileFields form={form} name={creator.name} withPicture={false} onEdit={() => setSaved('')} />
        <FormAlert message={errors.root?.server?.message ?? errors.root?.invalid?.message ?? null} />
        <StatusNote message={saved} />
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending} className="self-start">
          {save.isPending ? 'Saving…' : 'Save Creator Profile'}
        </Button>
      </form>
    </AccountSection>
  )
}
