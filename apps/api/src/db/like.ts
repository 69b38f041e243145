/** Text searched for with LIKE/ILIKE: `%`, `_` and `\` match themselves, not any text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** An ILIKE pattern that finds `text` anywhere in a value. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`
}
