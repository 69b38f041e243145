import { createHash } from 'node:crypto'

/**
 * The group an error report falls in (decision 039): reports of one fault differ in the ids and
 * numbers of their message ("Pick 4f1c… not found", "timeout after 10012 ms") but not in where it
 * was thrown, so the fingerprint is the SHA-256 of the message with those replaced, and the top
 * frame of the stack.
 */
export function errorFingerprint(message: string, stack: string | null | undefined): string {
  return createHash('sha256')
    .update(`${normalisedMessage(message)}\n${topFrame(stack) ?? ''}`)
    .digest('hex')
}

const uuidPattern = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi
/** Hex runs of 8 or more (hashes, object ids, addresses), with or without `0x`; at least one digit. */
const hexPattern = /\b(?:0x)?(?=[0-9a-f]*\d)[0-9a-f]{8,}\b/gi
const numberPattern = /\d+(?:\.\d+)?/g

/**
 * The message with ids, hex runs and numbers each replaced by `#` (one mark for all: the same id
 * can be written either way), and its spaces collapsed.
 */
export function normalisedMessage(message: string): string {
  return message
    .replace(uuidPattern, '#')
    .replace(hexPattern, '#')
    .replace(numberPattern, '#')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * A frame's place: V8's `    at fn (file:12:34)` or `    at file:12:34`, and Firefox's and Safari's
 * `fn@file:12:34`. The file is everything up to the last `:line:column`.
 */
const framePattern = /^\s*(?:at\s+(?:.*?\()?|[^@\s]*@)(\S+?):(\d+):(\d+)\)?\s*$/

/**
 * `file:line:column` of the first frame of a stack, the file without its origin, query or fragment
 * (the same bundle from `www.` or with a cache-busting query is the same place); null without one.
 */
export function topFrame(stack: string | null | undefined): string | null {
  for (const line of (stack ?? '').split('\n')) {
    const found = framePattern.exec(line)
    if (found) return `${pathOf(found[1]!)}:${found[2]}:${found[3]}`
  }
  return null
}

function pathOf(file: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) return file
  try {
    return new URL(file).pathname
  } catch {
    return file
  }
}
