/**
 * Creator profile rules shared by the browser and the API (issue 4): usernames, bio, sports, social
 * links and country. The API enforces every one again through the zod schemas in creators.ts.
 * Zod-free: the browser imports it from `@picks/contracts/client`.
 */
import { usernamePattern } from './creator-rules.ts'

/**
 * Words a username can never be (compared case-insensitively): every top-level path of spec §2, so
 * that `/{username}` never shadows a page, the server's own prefixes, and words that would pass
 * for the platform speaking. Names with a dash cannot match the username pattern anyway; they are
 * listed so that the list reads as the route table.
 */
export const reservedUsernames = [
  // Spec §2 routes
  'shop-picks',
  'marketplace',
  'my-picks',
  'auth',
  'verify-email',
  'reset-password',
  'login',
  'signup',
  'dashboard',
  'create-pick',
  'creator-promotions',
  'edit-profile',
  'alerts',
  'manage-subscriptions',
  'payment-success',
  'success',
  'privacy-policy',
  'terms-of-service',
  'support',
  'creator-terms',
  'locker-room',
  'sport-hub',
  'creator',
  'admin',
  // Pages of our own beyond spec §2: the sandbox payment provider's checkout and onboarding
  'sandbox',
  // An affiliate's own page (issue 17, decision 038)
  'affiliate',
  // The server's own prefixes and files
  'api',
  'media',
  'docs',
  'assets',
  'static',
  'public',
  'favicon',
  'robots',
  'sitemap',
  // Words that would pass for the platform or a page
  'logout',
  'signin',
  'signout',
  'register',
  'settings',
  'account',
  'profile',
  'creators',
  'users',
  'shop',
  'picks',
  'home',
  'about',
  'contact',
  'help',
  'terms',
  'privacy',
  'legal',
  'www',
  'root',
  'system',
  'staff',
  'moderator',
  'official',
  'null',
  'undefined',
] as const

export function isReservedUsername(username: string): boolean {
  const lower = username.trim().toLowerCase()
  return reservedUsernames.some((word) => word === lower)
}

/** How long a creator's previous username keeps leading to them, and stays closed to everyone else. */
export const usernameHoldDays = 30

export const creatorProfileLimits = { bioMaxLength: 500, maxOtherSports: 8, socialLinkMaxLength: 300 } as const

export const socialNetworks = ['twitter', 'instagram', 'youtube', 'tiktok', 'discord', 'website'] as const
export type SocialNetwork = (typeof socialNetworks)[number]
export type SocialLinks = Partial<Record<SocialNetwork, string>>

/** The networks a creator can link, with the hosts their addresses must be on (none: any https site). */
export const socialNetworkInfo: Record<SocialNetwork, { label: string; hosts: readonly string[] }> = {
  twitter: { label: 'X (Twitter)', hosts: ['x.com', 'twitter.com'] },
  instagram: { label: 'Instagram', hosts: ['instagram.com'] },
  youtube: { label: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  tiktok: { label: 'TikTok', hosts: ['tiktok.com'] },
  discord: { label: 'Discord', hosts: ['discord.gg', 'discord.com'] },
  website: { label: 'Website', hosts: [] },
}

export const creatorProfileMessages = {
  usernameShape: 'Usernames are 3 to 30 letters, digits or underscores',
  usernameReserved: 'That username is reserved',
  usernameTaken: 'That username is already taken',
  alreadyCreator: 'This account is already a creator',
  bioTooLong: `Bio must be at most ${creatorProfileLimits.bioMaxLength} characters`,
  specialtyRequired: 'Choose your specialty sport',
  tooManyOtherSports: `Choose at most ${creatorProfileLimits.maxOtherSports} other sports`,
  otherSportsRepeatSpecialty: 'Other sports cannot include your specialty sport',
  linkNotHttps: 'Use an address starting with https://',
  linkTooLong: `Links must be at most ${creatorProfileLimits.socialLinkMaxLength} characters`,
  linkWithCredentials: 'Links cannot carry a user name or password',
  countryUnknown: 'Choose a country from the list',
  /** Spec §8 "Register creator failure", the last two steps of its fallback. */
  registerFailed: 'Failed to register as creator',
  serverError: (status: number, statusText: string) => `Server error: ${status} ${statusText}`,
  /** Spec §8. */
  shareLinkFailed: 'Failed to get share link',
} as const

/** The first problem of a username, trimmed; uniqueness is the server's to decide. */
export function usernameProblem(username: string): string | null {
  const trimmed = username.trim()
  if (!usernamePattern.test(trimmed)) return creatorProfileMessages.usernameShape
  if (isReservedUsername(trimmed)) return creatorProfileMessages.usernameReserved
  return null
}

function hostMatches(host: string, allowed: readonly string[]): boolean {
  return allowed.some((domain) => host === domain || host.endsWith(`.${domain}`))
}

/** The problem of one social link (already trimmed), or null when it can be stored. */
export function socialLinkProblem(network: SocialNetwork, link: string): string | null {
  if (link.length > creatorProfileLimits.socialLinkMaxLength) return creatorProfileMessages.linkTooLong
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return creatorProfileMessages.linkNotHttps
  }
  if (url.protocol !== 'https:' || !url.hostname) return creatorProfileMessages.linkNotHttps
  if (url.username || url.password) return creatorProfileMessages.linkWithCredentials
  const { label, hosts } = socialNetworkInfo[network]
  if (hosts.length > 0 && !hostMatches(url.hostname.toLowerCase(), hosts)) {
    return `Use a ${label} address (${hosts.join(' or ')})`
  }
  return null
}

/** ISO 3166-1 alpha-2 codes (249, as Debian's iso-codes ships the ISO 3166 maintenance agency's list). */
export const countryCodes = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ')

const countryCodeSet: ReadonlySet<string> = new Set(countryCodes)

/** An ISO 3166-1 alpha-2 code, upper case as stored. */
export function isCountryCode(code: string): boolean {
  return countryCodeSet.has(code)
}
