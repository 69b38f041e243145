import { z } from 'zod'

/**
 * Text we accept from clients. PostgreSQL refuses U+0000 in text (the query fails), and UTF-8 has no
 * form for half of a UTF-16 surrogate pair (the driver stores U+FFFD instead of what was sent), so
 * both are refused at the door with a 400 naming the field.
 */
export const unsafeTextMessage = 'must not contain NUL characters or unpaired surrogates'

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** False when `value` holds U+0000 or a surrogate without its partner. */
export function isSafeText(value: string): boolean {
  return !value.includes('\u0000') && !loneSurrogate.test(value)
}

/**
 * `z.string()` that refuses NUL and unpaired surrogates: the base of every text field and query
 * parameter a client sends. It stays a string schema, so `.trim().min().max()` and the rest chain on.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, unsafeTextMessage)
}
