import { socialNetworks } from '@picks/contracts/client'
import { formProblems } from '../ui/form-problems.ts'
import {
  profileProblems,
  usernameProblem,
  type CreatorProfileValues,
  type ProfileField,
  type ProfileProblems,
} from './profile-values.ts'

/** A creator's username beside the shared profile fields: Become a Creator and the account's creator profile. */
export interface UsernameAndProfile {
  username: string
  profile: CreatorProfileValues
}

/**
 * Where each profile problem lives in the form: the username's at `username`, a profile problem at
 * its value (`socialLinks.twitter` → `profile.socialLinks.twitter`, the picture's at `profile.picture`).
 * A group (`socialLinks`) comes before its members.
 */
export const creatorProfileForm = formProblems<UsernameAndProfile, ProfileField>(
  [
    'username',
    'bio',
    'profilePicture',
    'specialtySport',
    'otherSports',
    'socialLinks',
    ...socialNetworks.map((network) => `socialLinks.${network}` as const),
    'country',
  ],
  (field) => (field === 'username' ? field : field === 'profilePicture' ? 'profile.picture' : `profile.${field}`),
)

/** Every problem the browser can see: the profile's, and the username's shape. */
export function usernameAndProfileProblems({ username, profile }: UsernameAndProfile): ProfileProblems {
  const found: ProfileProblems = { ...profileProblems(profile) }
  const usernameIssue = usernameProblem(username)
  if (usernameIssue) found.username = usernameIssue
  return found
}

/** Whether any problem was found. */
export function hasProblems(problems: ProfileProblems): boolean {
  return Object.values(problems).some(Boolean)
}
