import { Controller, type UseFormReturn } from 'react-hook-form'
import { CreatorProfileFields } from './creator-profile-fields.tsx'
import { creatorProfileForm, type UsernameAndProfile } from './creator-profile-form.ts'
import { UsernameField } from './username-field.tsx'

/**
 * The username and the shared profile fields of a react-hook-form form, each showing its problem.
 * Typing the username clears only its own problem; a profile update applies to the latest values,
 * as an upload may finish after other edits.
 */
export function UsernameAndProfileFields({
  form,
  name,
  withPicture,
  onEdit,
  onUploadingChange,
}: {
  form: UseFormReturn<UsernameAndProfile>
  /** The creator's display name, for the picture's initials fallback. */
  name: string
  withPicture?: boolean
  /** Called on every edit (to clear a "saved" note). */
  onEdit?: () => void
  onUploadingChange?: (uploading: boolean) => void
}) {
  const problems = creatorProfileForm.read(form.formState.errors)
  return (
    <>
      <Controller
        control={form.control}
        name="username"
        render={({ field }) => (
          <UsernameField
            value={field.value}
            onChange={(next) => {
              field.onChange(next)
              onEdit?.()
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
              onEdit?.()
            }}
            problems={problems}
            name={name}
            withPicture={withPicture}
            onUploadingChange={onUploadingChange}
          />
        )}
      />
    </>
  )
}
