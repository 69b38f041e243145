import type { CreatorProfile } from '@picks/contracts'
import { socialNetworks } from '@picks/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Controller, set, useForm, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form'
import { CreatorProfileFields } from '../../components/creator-profile/creator-profile-fields.tsx'
import {
  problemsFromServer,
  profileBody,
  profileProblems,
  usernameProblem,
  valuesFromProfile,
  type CreatorProfileValues,
  type ProfileField,
  type ProfileProblems,
} from '../../components/creator-profile/profile-values.ts'
import { UsernameField } from '../../components/creator-profile/username-field.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormAlert } from '../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
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

/** The username beside the shared profile fields (the picture is the account's, edited above). */
interface CreatorProfileForm {
  username: string
  profile: CreatorProfileValues
}

/** Where a profile problem lives in the form (`socialLinks.twitter` → `profile.socialLinks.twitter`). */
function pathOf(field: ProfileField): FieldPath<CreatorProfileForm> {
  if (field === 'username') return 'username'
  if (field === 'profilePicture') return 'profile.picture'
  return `profile.${field}`
}

/** The problems found, field by field; a group (`socialLinks`) comes before its members. */
function problemList(problems: ProfileProblems): { field: ProfileField; message: string }[] {
  const list: { field: ProfileField; message: string }[] = []
  for (const [field, message] of Object.entries(problems) as [ProfileField, string | undefined][]) {
    if (message) list.push({ field, message })
  }
  return list.sort((a, b) => a.field.localeCompare(b.field))
}

/** Every problem the browser can see, each on its field; the picture is not this form's. */
const checkCreatorProfile: Resolver<CreatorProfileForm> = (values) => {
  const found: ProfileProblems = { ...profileProblems(values.profile) }
  delete found.profilePicture
  const usernameIssue = usernameProblem(values.username)
  if (usernameIssue) found.username = usernameIssue
  const problems = problemList(found)
  if (problems.length === 0) return { values, errors: {} }
  const errors: FieldErrors<CreatorProfileForm> = {}
  for (const { field, message } of problems) set(errors, pathOf(field), { type: 'validate', message })
  return { values: {}, errors }
}

/** The form's errors as the shared fields show them. */
function problemsOf(errors: FieldErrors<CreatorProfileForm>): ProfileProblems {
  const profile = errors.profile
  const problems: ProfileProblems = {
    username: errors.username?.message,
    bio: profile?.bio?.message,
    profilePicture: profile?.picture?.message,
    specialtySport: profile?.specialtySport?.message,
    otherSports: profile?.otherSports?.message,
    socialLinks: profile?.socialLinks?.message,
    country: profile?.country?.message,
  }
  for (const network of socialNetworks) problems[`socialLinks.${network}`] = profile?.socialLinks?.[network]?.message
  return problems
}

/**
 * A creator's public profile (issue 4): username, bio, sports, social links and country, saved with
 * `PUT /creators/{id}/profile`. The picture is the account's avatar above: the server keeps the two
 * the same. A new username keeps the old link working for 30 days.
 */
export function CreatorProfileSection({ creator, userId }: { creator: CreatorProfile; userId: string }) {
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const form = useForm<CreatorProfileForm>({
    defaultValues: { username: creator.username, profile: valuesFromProfile(creator) },
    resolver: checkCreatorProfile,
    ...checkOnSubmit,
  })
  const errors = form.formState.errors
  const [saved, setSaved] = useState('')
  const [focusRequest, setFocusRequest] = useState(0)

  useEffect(() => {
    if (focusRequest === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest])

  const save = useMutation({
    mutationFn: async ({ username, profile: values }: CreatorProfileForm) => {
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
      const problems = problemList(fromServer)
      for (const { field, message } of problems) form.setError(pathOf(field), { message })
      if (problems.length > 0) setFocusRequest((n) => n + 1)
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
    if (invalid) setFocusRequest((n) => n + 1)
  }

  const problems = problemsOf(errors)
  return (
    <AccountSection
      title="Creator profile"
      description="What customers see on your purchase page. Your picture is the one in Profile above."
    >
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        <Controller
          control={form.control}
          name="username"
          render={({ field }) => (
            <UsernameField
              value={field.value}
              onChange={(next) => {
                field.onChange(next)
                setSaved('')
                form.clearErrors('username')
              }}
              error={problems.username}
            />
          )}
        />
        <Controller
          control={form.control}
          name="profile"
          render={({ field }) => (
            <CreatorProfileFields
              values={field.value}
              onChange={(update) => {
                field.onChange(update(form.getValues('profile')))
                setSaved('')
              }}
              problems={problems}
              name={creator.name}
              withPicture={false}
            />
          )}
        />
        <FormAlert message={errors.root?.server?.message ?? errors.root?.invalid?.message ?? null} />
        <StatusNote message={saved} />
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending} className="self-start">
          {save.isPending ? 'Saving…' : 'Save Creator Profile'}
        </Button>
      </form>
    </AccountSection>
  )
}
