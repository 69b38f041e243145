/**
 * Seeded randomness for the fixture odds: FNV-1a for the seed, mulberry32 for the stream. The same
 * seed always gives the same numbers, so games, lines and scores never change for a given clock.
 */

function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export type Random = () => number

export function seeded(seed: string): Random {
  let state = hashOf(seed)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export const chance = (seed: string): number => seeded(seed)()

/** A standard normal draw (Box–Muller). */
export function normal(random: Random): number {
  const u = Math.max(random(), 1e-9)
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random())
}

/** A Poisson draw (Knuth), for runs and goals. */
export function poisson(random: Random, mean: number): number {
  const limit = Math.exp(-mean)
  let count = 0
  let product = random()
  while (product > limit) {
    count++
    product *= random()
  }
  return count
}

export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}
