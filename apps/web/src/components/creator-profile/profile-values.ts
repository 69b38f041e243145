import type { CreatorProfile } from '@picks/contracts'
import {
  avatarProblem,
  creatorProfileLimits,
  creatorProfileMessages,
  isCountryCode,
  isSportSlug,
  socialLinkProblem as storedLinkProblem,
  socialNetworks,
  usernameProblem as usernameRuleProblem,
  type SocialLinks,
  type SocialNetwork,
  type SportSlug,
} from '@picks/contracts/client'

/** The editable creator profile as the form holds it: text as typed, '' for "none". */
export interface CreatorProfileValues {
  bio: string
  picture: string
  specialtySport: SportSlug | ''
  otherSports: SportSlug[]
  socialLinks: Record<SocialNetwork, string>
  country: string
}

export type SocialLinkField = `socialLinks.${SocialNetwork}`
export type ProfileField =
  'username' | 'bio' | 'profilePicture' | 'specialtySport' | 'otherSports' | 'country' | 'socialLinks' | SocialLinkField

export type ProfileProblems = Partial<Record<ProfileField, string>>

export const profileMessages = {
  ...creatorProfileMessages,
  usernameRequired: 'Choose a username',
} as const

/** What to type in each link field. */
export const socialLinkExamples: Record<SocialNetwork, string> = {
  twitter: 'https://x.com/yourname',
  instagram: 'https://instagram.com/yourname',
  youtube: 'https://youtube.com/@yourname',
  tiktok: 'https://tiktok.com/@yourname',
  discord: 'https://discord.gg/invite',
  website: 'https://example.com',
}

export const emptyProfileValues: CreatorProfileValues = {
  bio: '',
  picture: '',
  specialtySport: '',
  otherSports: [],
  socialLinks: { twitter: '', instagram: '', youtube: '', tiktok: '', discord: '', website: '' },
  country: '',
}

/** A stored profile as form values (the edit-profile page starts from these). */
export function valuesFromProfile(creator: CreatorProfile): CreatorProfileValues {
  const links = { ...emptyProfileValues.socialLinks }
  for (const network of socialNetworks) links[network] = creator.social_links[network] ?? ''
  return {
    bio: creator.bio,
    picture: creator.profile_picture ?? '',
    specialtySport: creator.specialty_sport ?? '',
    otherSports: creator.other_sports.filter((sport) => sport !== creator.specialty_sport),
    socialLinks: links,
    country: creator.country ?? '',
  }
}

/** The username rules the browser can check (shape, reserved words); uniqueness is the server's to decide. */
export function usernameProblem(username: string): string | null {
  if (!username.trim()) return profileMessages.usernameRequired
  return usernameRuleProblem(username)
}

/** The problem of a link as typed; an empty field is no link. */
export function socialLinkProblem(network: SocialNetwork, link: string): string | null {
  const text = link.trim()
  return text ? storedLinkProblem(network, text) : null
}

/** Every problem the browser can see in the profile fields, by field. Empty when it can be sent. */
export function profileProblems(values: CreatorProfileValues): ProfileProblems {
  const problems: ProfileProblems = {}
  if (values.bio.trim().length > creatorProfileLimits.bioMaxLength) problems.bio = profileMessages.bioTooLong
  const picture = values.picture.trim()
  const pictureProblem = picture ? avatarProblem(picture) : null
  if (pictureProblem) problems.profilePicture = pictureProblem
  if (!values.specialtySport) problems.specialtySport = profileMessages.specialtyRequired
  if (values.otherSports.length > creatorProfileLimits.maxOtherSports) {
    problems.otherSports = profileMessages.tooManyOtherSports
  }
  for (const network of socialNetworks) {
    const problem = socialLinkProblem(network, values.socialLinks[network])
    if (problem) problems[`socialLinks.${network}`] = problem
  }
  if (values.country && !isCountryCode(values.country)) problems.country = profileMessages.countryUnknown
  return problems
}

/** The profile part of the register-creator and profile-update bodies. Call after `profileProblems` is empty. */
export function profileBody(values: CreatorProfileValues) {
  const socialLinks: SocialLinks = {}
  for (const network of socialNetworks) {
    const link = values.socialLinks[network].trim()
    if (link) socialLinks[network] = link
  }
  const specialty = values.specialtySport
  if (!specialty || !isSportSlug(specialty)) throw new Error('profileBody needs a specialty sport')
  return {
    bio: values.bio.trim(),
    profilePicture: values.picture.trim() || null,
    specialtySport: specialty,
    otherSports: values.otherSports.filter((sport) => sport !== specialty),
    socialLinks,
    country: values.country || undefined,
  }
}

const knownFields = new Set<string>([
  'username',
  'bio',
  'profilePicture',
  'specialtySport',
  'otherSports',
  'country',
  'socialLinks',
  ...socialNetworks.map((network) => `socialLinks.${network}`),
])

function isProfileField(field: string): field is ProfileField {
  return knownFields.has(field)
}

/**
 * The field problems a server's validation answer names (`body.socialLinks.twitter` → that link;
 * `body.otherSports.2` → other sports), so they show beside the fields they are about.
 */
export function problemsFromServer(
  details: readonly { field: string; message: string }[] | undefined,
): ProfileProblems {
  const problems: ProfileProblems = {}
  for (const { field, message } of details ?? []) {
    const path = field.replace(/^body\./, '').split('.')
    const candidates = [path.slice(0, 2).join('.'), path[0] ?? '']
    const match = candidates.find(isProfileField)
    if (match && !problems[match]) problems[match] = message
  }
  return problems
}
