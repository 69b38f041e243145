import { createHash } from 'node:crypto'
import { firstPlacedFrame, parseStack } from './stack-frames.ts'

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
 * `file:line:column` of the first frame of a stack that has a position (`at Array.map (<anonymous>)`
 * has none), as `parseStack` reads frames for the admin views too, the file without its origin,
 * query or fragment (the same bundle from `www.` or with a cache-busting query is the same place);
 * null without one.
 */
export function topFrame(stack: string | null | undefined): string | null {
  const top = firstPlacedFrame(parseStack(stack))
  return top ? `${pathOf(top.file)}:${top.line}:${top.column}` : null
}

function pathOf(file: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) return file
  try {
    return new URL(file).pathname
  } catch {
    return file
  }
}
