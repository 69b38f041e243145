import type { ServerUser } from '@picks/contracts'
import { avatarProblem, signUpMessages, sports } from '@picks/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { AvatarPicker } from '../../components/creator-profile/avatar-picker.tsx'
import { Button } from '../../components/ui/button.tsx'
import { inputClasses } from '../../components/ui/form-field.tsx'
import { auth, authErrorMessage } from '../../auth/auth.ts'
import { recordOf, refreshStoredProfile } from '../../auth/stored-user.ts'
import { fieldOfServerError } from '../../components/auth/auth-form.tsx'
import { FormError, TextField } from '../../components/ui/text-field.tsx'
import { accountQueries } from './api.ts'
import { StatusNote } from '../../components/ui/status-note.tsx'
import { AccountSection } from './account-section.tsx'

type ProfileField = 'name' | 'profile_picture' | 'specialty_sport'

export const profileSectionMessages = {
  saved: 'Profile saved.',
  nameTooLong: 'Full name can be at most 120 characters',
} as const

function problemOf(name: string, picture: string): { field: ProfileField; message: string } | null {
  if (!name.trim()) return { field: 'name', message: signUpMessages.nameRequired }
  if (name.trim().length > 120) return { field: 'name', message: profileSectionMessages.nameTooLong }
  const pictureProblem = picture.trim() ? avatarProblem(picture) : null
  if (pictureProblem) return { field: 'profile_picture', message: pictureProblem }
  return null
}

/**
 * Full name, avatar (an image address or one emoji, previewed as it will show) and specialty sport.
 * A save updates the local user record too, so the sidebar shows the change at once.
 */
export function ProfileSection({ user, withSpecialty = true }: { user: ServerUser; withSpecialty?: boolean }) {
  const queryClient = useQueryClient()
  const [name, setName] = useState(user.name)
  const [picture, setPicture] = useState(user.profile_picture ?? '')
  const [sport, setSport] = useState(user.specialty_sport ?? '')
  const [error, setError] = useState<{ message: string; field: ProfileField | null }>({ message: '', field: null })
  const [saved, setSaved] = useState('')
  const [uploading, setUploading] = useState(false)
  const errorId = useId()
  const sportId = useId()

  const save = useMutation({
    mutationFn: () =>
      auth.updateProfile(user.id, {
        name: name.trim(),
        profile_picture: picture.trim() || null,
        // A creator's specialty is edited with the rest of the creator profile.
        ...(withSpecialty ? { specialty_sport: sport || null } : {}),
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(accountQueries.me(user.id).queryKey, updated)
      refreshStoredProfile(recordOf(updated))
      setSaved(profileSectionMessages.saved)
    },
    onError: (caught) => {
      const field = fieldOfServerError(caught)
      const known = field === 'name' || field === 'profile_picture' || field === 'specialty_sport' ? field : null
      setError({ message: authErrorMessage(caught, 'profile'), field: known })
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending || uploading) return
    setSaved('')
    const problem = problemOf(name, picture)
    setError(problem ?? { message: '', field: null })
    if (!problem) save.mutate()
  }

  const edited = (apply: () => void) => {
    apply()
    setSaved('')
  }

  return (
    <AccountSection title="Profile" description="How you appear across the site.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Full Name"
          value={name}
          onChange={(next) => edited(() => setName(next))}
          autoComplete="name"
          maxLength={120}
          invalid={error.field === 'name'}
          errorId={errorId}
        />
        <AvatarPicker
          value={picture}
          onChange={(next) => edited(() => setPicture(next))}
          name={name || user.email}
          error={error.field === 'profile_picture' ? error.message : undefined}
          onUploadingChange={setUploading}
        />
        {withSpecialty && (
          <div className="flex flex-col gap-1">
            <label htmlFor={sportId} className="text-sm font-medium text-slate-800">
              Specialty Sport <span className="font-normal text-slate-600">(optional)</span>
            </label>
            <select
              id={sportId}
              value={sport}
              aria-invalid={error.field === 'specialty_sport' || undefined}
              aria-describedby={error.field === 'specialty_sport' ? errorId : undefined}
              onChange={(event) => edited(() => setSport(event.target.value))}
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
