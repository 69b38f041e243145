import type { CreatorProfile } from '@picks/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { CreatorProfileFields } from '../../components/creator-profile/creator-profile-fields.tsx'
import {
  problemsFromServer,
  profileBody,
  profileProblems,
  usernameProblem,
  valuesFromProfile,
  type ProfileProblems,
} from '../../components/creator-profile/profile-values.ts'
import { UsernameField } from '../../components/creator-profile/username-field.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FormAlert } from '../../components/ui/form-field.tsx'
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

function hasProblems(problems: ProfileProblems): boolean {
  return Object.values(problems).some(Boolean)
}

/**
 * A creator's public profile (issue 4): username, bio, sports, social links and country, saved with
 * `PUT /creators/{id}/profile`. The picture is the account's avatar above: the server keeps the two
 * the same. A new username keeps the old link working for 30 days.
 */
export function CreatorProfileSection({ creator, userId }: { creator: CreatorProfile; userId: string }) {
  const queryClient = useQueryClient()
  const formRef = useRef<HTMLFormElement>(null)
  const [username, setUsername] = useState(creator.username)
  const [values, setValues] = useState(() => valuesFromProfile(creator))
  const [problems, setProblems] = useState<ProfileProblems>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [saved, setSaved] = useState('')
  const [focusRequest, setFocusRequest] = useState(0)

  useEffect(() => {
    if (focusRequest === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest])

  const save = useMutation({
    mutationFn: async () => {
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
      setFormError(authErrorMessage(error, 'profile'))
      if (!(error instanceof ApiError)) return
      const fromServer = problemsFromServer(error.details)
      if (error.reason === 'USERNAME_TAKEN') fromServer.username = error.message
      if (hasProblems(fromServer)) {
        setProblems(fromServer)
        setFocusRequest((n) => n + 1)
      }
    },
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (save.isPending) return
    setSaved('')
    const found: ProfileProblems = { ...profileProblems(values) }
    delete found.profilePicture
    const usernameIssue = usernameProblem(username)
    if (usernameIssue) found.username = usernameIssue
    setProblems(found)
    if (hasProblems(found)) {
      setFormError(creatorProfileSectionMessages.fixFields)
      setFocusRequest((n) => n + 1)
      return
    }
    setFormError(null)
    save.mutate()
  }

  return (
    <AccountSection
      title="Creator profile"
      description="What customers see on your purchase page. Your picture is the one in Profile above."
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <UsernameField
          value={username}
          onChange={(next) => {
            setUsername(next)
            setSaved('')
            setProblems(({ username: _dropped, ...rest }) => rest)
          }}
          error={problems.username}
        />
        <CreatorProfileFields
          values={values}
          onChange={(update) => {
            setValues(update)
            setSaved('')
          }}
          problems={problems}
          name={creator.name}
          withPicture={false}
        />
        <FormAlert message={formError} />
        <StatusNote message={saved} />
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending} className="self-start">
          {save.isPending ? 'Saving…' : 'Save Creator Profile'}
        </Button>
      </form>
    </AccountSection>
  )
}
