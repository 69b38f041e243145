import { sports, type SportSlug } from '@picks/contracts'

/** Deterministic demo creators: the same index always yields the same creator. */
const firstNames = [
  'Marcus',
  'Dana',
  'Luis',
  'Priya',
  'Tommy',
  'Keisha',
  'Owen',
  'Sofia',
  'Andre',
  'Hannah',
  'Mike',
  'Jasmine',
  'Victor',
  'Rachel',
  'Dev',
  'Carla',
  'Nate',
  'Imani',
  'Grant',
  'Yuki',
  'Ray',
  'Bianca',
  'Cole',
  'Tessa',
]
const lastNames = [
  'Bell',
  'Ortiz',
  'Nakamura',
  'Walsh',
  'Reid',
  'Okafor',
  'Hughes',
  'Costa',
  'Patel',
  'Brennan',
  'Lowe',
  'Fischer',
  'Diaz',
  'Grant',
  'Moreau',
  'Kim',
]
const handles = ['Sharp', 'Lock', 'Edge', 'Value', 'Line', 'Units', 'Steam', 'Fade', 'Chalk', 'Dog', 'Model', 'Closing']
const avatars = ['🏈', '🏀', '⚾', '🏒', '⚽', '🥊', '🎯', '📈', '🔥', '💰', '🧠', '🦅', '🐺', '🦈', '🎲', '🏆']
const countries = ['US', 'US', 'US', 'CA', 'GB', 'MX', 'AU']
const angles = [
  'Closing-line value first: every play is posted before the market moves.',
  'Data-driven model built on pace, injuries and rest. No gut calls.',
  'Former sportsbook trader. I bet numbers, not teams.',
  'Underdog specialist: plus-money spots the public ignores.',
  'Player props from matchup data and minutes projections.',
  'Totals and weather angles, posted with the line I took.',
  'Small card, high conviction. Two to four plays a week.',
  'Live since 2019 with a transparent, graded record.',
]

function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface DemoPlan {
  name: string
  kind: 'subscription' | 'one_time'
  interval: 'week' | 'month' | 'year' | null
  accessDays: number | null
  priceCents: number
  trialDays: number
}

export interface DemoCreator {
  email: string
  name: string
  username: string
  bio: string
  profilePicture: string | null
  specialtySport: SportSlug
  otherSports: SportSlug[]
  country: string
  socialLinks: Record<string, string>
  plans: DemoPlan[]
  /** How long ago the creator joined, so "newest" has a real order. */
  joinedDaysAgo: number
}

export function demoCreator(index: number): DemoCreator {
  const random = mulberry32(index + 1)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const first = firstNames[index % firstNames.length] as string
  const last = lastNames[Math.floor(index / firstNames.length) % lastNames.length] as string
  const specialty = sports[index % sports.length]?.slug as SportSlug
  const others = sports
    .map((s) => s.slug)
    .filter((slug) => slug !== specialty && random() < 0.18)
    .slice(0, 3)
  // (first name, handle) is unique for the first 288 indices; later ones carry the index.
  const handle = handles[Math.floor(index / firstNames.length) % handles.length] as string
  const suffix = index < firstNames.length * handles.length ? '' : String(index)
  const username = `${first}${handle}${suffix}`.slice(0, 30)
  const monthly = 1900 + Math.floor(random() * 14) * 500
  const plans: DemoPlan[] = [
    {
      name: 'Monthly',
      kind: 'subscription',
      interval: 'month',
      accessDays: null,
      priceCents: monthly,
      trialDays: random() < 0.3 ? 7 : 0,
    },
  ]
  if (random() < 0.5)
    plans.push({
      name: 'Weekly',
      kind: 'subscription',
      interval: 'week',
      accessDays: null,
      priceCents: Math.max(500, Math.round(monthly / 3 / 100) * 100),
      trialDays: 0,
    })
  if (random() < 0.4)
    plans.push({ name: 'Day pass', kind: 'one_time', interval: null, accessDays: 1, priceCents: 999, trialDays: 0 })
  if (random() < 0.25)
    plans.push({
      name: 'Season',
      kind: 'subscription',
      interval: 'year',
      accessDays: null,
      priceCents: monthly * 9,
      trialDays: 0,
    })
  const sportName = sports.find((s) => s.slug === specialty)?.label ?? specialty
  return {
    email: `demo+${username.toLowerCase()}@picks.example`,
    name: `${first} ${last}${suffix ? ` ${suffix}` : ''}`,
    username,
    bio: `${sportName} handicapper. ${pick(angles)}`,
    profilePicture: random() < 0.85 ? pick(avatars) : null,
    specialtySport: specialty,
    otherSports: others,
    country: pick(countries),
    socialLinks: random() < 0.6 ? { twitter: `https://x.com/${username}` } : {},
    plans,
    joinedDaysAgo: Math.floor(random() * 720),
  }
}
