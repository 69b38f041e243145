import type { ServerUser } from '@picks/contracts'
import { avatarProblem, signUpMessages, sports } from '@picks/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { AvatarPicker } from '../../components/creator-profile/avatar-picker.tsx'
import { Button } from '../../components/ui/button.tsx'
import { inputClasses } from '../../components/ui/form-field.tsx'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { recordOf, refreshStoredProfile } from '../../auth/stored-user.ts'
import { fieldOfServerError } from '../../components/auth/auth-form.tsx'
import { checkOnSubmit } from '../../components/ui/form-options.ts'
import { firstProblemResolver, shownProblem } from '../../components/ui/form-problems.ts'
import { FormError, TextField } from '../../components/ui/text-field.tsx'
import { creatorKeys } from '../../components/creator-profile/creator-queries.ts'
import { accountQueries } from './api.ts'
import { StatusNote } from '../../components/ui/status-note.tsx'
import { AccountSection } from './account-section.tsx'

type ProfileField = 'name' | 'profile_picture' | 'specialty_sport'

export const profileSectionMessages = {
  saved: 'Profile saved.',
  nameTooLong: 'Full name can be at most 120 characters',
} as const

interface ProfileFields {
  name: string
  profile_picture: string
  specialty_sport: string
}

/** The first problem only, as one message under the form: the name, then the picture. */
const checkProfile = firstProblemResolver<ProfileFields, ProfileField>((values) => {
  const name = values.name.trim()
  const pictureProblem = values.profile_picture.trim() ? avatarProblem(values.profile_picture) : null
  if (!name) return { field: 'name', message: signUpMessages.nameRequired }
  if (name.length > 120) return { field: 'name', message: profileSectionMessages.nameTooLong }
  return pictureProblem ? { field: 'profile_picture', message: pictureProblem } : null
})

/**
 * Full name, avatar (an image address or one emoji, previewed as it will show) and specialty sport.
 * A save updates the local user record too, so the sidebar shows the change at once.
 */
export function ProfileSection({ user, withSpecialty = true }: { user: ServerUser; withSpecialty?: boolean }) {
  const queryClient = useQueryClient()
  const form = useForm<ProfileFields>({
    defaultValues: {
      name: user.name,
      profile_picture: user.profile_picture ?? '',
      specialty_sport: user.specialty_sport ?? '',
    },
    resolver: checkProfile,
    ...checkOnSubmit,
  })
  const error = shownProblem(form.formState.errors, ['name', 'profile_picture', 'specialty_sport'])
  const [saved, setSaved] = useState('')
  const [uploading, setUploading] = useState(false)
  const errorId = useId()
  const sportId = useId()

  const save = useMutation({
    mutationFn: (values: ProfileFields) =>
      auth.updateProfile(user.id, {
        name: values.name.trim(),
        profile_picture: values.profile_picture.trim() || null,
        // A creator's specialty is edited with the rest of the creator profile.
        ...(withSpecialty ? { specialty_sport: values.specialty_sport || null } : {}),
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(accountQueries.me(user.id).queryKey, updated)
      // A creator's name and picture are mirrored onto their storefront.
      if (updated.role !== 'customer') void queryClient.invalidateQueries({ queryKey: creatorKeys.all })
      refreshStoredProfile(recordOf(updated))
      setSaved(profileSectionMessages.saved)
    },
    onError: (caught) => {
      const field = fieldOfServerError(caught)
      const known = field === 'name' || field === 'profile_picture' || field === 'specialty_sport' ? field : null
      form.setError(known ?? 'root.server', { message: authErrorMessage(caught, 'profile') })
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending || uploading) return
    setSaved('')
    void form.handleSubmit((values) => save.mutate(values))(event)
  }

  return (
    <AccountSection title="Profile" description="How you appear across the site.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Controller
          control={form.control}
          name="name"
          render={({ field }) => (
            <TextField
              label="Full Name"
              value={field.value}
              onChange={(next) => {
                field.onChange(next)
                setSaved('')
              }}
              autoComplete="name"
              maxLength={120}
              invalid={error.field === 'name'}
              errorId={errorId}
            />
          )}
        />
        <Controller
          control={form.control}
          name="profile_picture"
          render={({ field }) => (
            <AvatarPicker
              value={field.value}
              onChange={(next) => {
                field.onChange(next)
                setSaved('')
              }}
              name={form.watch('name') || user.email}
              error={error.field === 'profile_picture' ? error.message : undefined}
              onUploadingChange={setUploading}
            />
          )}
        />
        {withSpecialty && (
          <div className="flex flex-col gap-1">
            <label htmlFor={sportId} className="text-sm font-medium text-slate-800">
              Specialty Sport <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <select
              id={sportId}
              aria-invalid={error.field === 'specialty_sport' || undefined}
              aria-describedby={error.field === 'specialty_sport' ? errorId : undefined}
              {...form.register('specialty_sport', { onChange: () => setSaved('') })}
              className={inputClasses}
            >
              <option value="">No specialty</option>
              {sports.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <FormError id={errorId} message={error.message} />
        <StatusNote message={saved} />
        <Button type="submit" disabled={save.isPending || uploading} aria-busy={save.isPending} className="self-start">
          {save.isPending ? 'Saving…' : 'Save Profile'}
        </Button>
      </form>
    </AccountSection>
  )
}
