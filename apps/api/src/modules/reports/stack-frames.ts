/**
 * A reported stack as frames (issue 18, decision 042): the text browsers put in `error.stack` read
 * back into function, file, line and column, so each frame can be mapped to the source. Two forms
 * exist in the wild:
 *
 * - V8 (Chrome, Edge, Opera, Node): a first line with the message, then `    at fn (file:12:34)`,
 *   `    at file:12:34` (no name), `    at async fn (file:1:2)`, `    at fn (<anonymous>)`.
 * - SpiderMonkey and JavaScriptCore (Firefox, Safari): `fn@file:12:34`, `@file:12:34` (no name),
 *   `global code@file:1:2`, `forEach@[native code]`; no message line.
 *
 * Lines of neither form (the message, a multi-line message's rest) are skipped. Nothing throws:
 * a stack that reads as no frame gives none.
 */

/** A frame as the browser printed it, before any source map. */
export interface RawFrame {
  function: string | null
  file: string
  /** 1-based, as browsers print them; null for a frame without a place (`<anonymous>`, native code). */
  line: number | null
  column: number | null
}

/** A frame with a line and column: where the fault was thrown. */
export interface PlacedFrame extends RawFrame {
  line: number
  column: number
}

/** The first frame that has a position: the one a group is named by and fingerprinted with. */
export function firstPlacedFrame(frames: readonly RawFrame[]): PlacedFrame | null {
  return frames.find((frame): frame is PlacedFrame => frame.line !== null && frame.column !== null) ?? null
}

/** Frames read from one stack at most: a deep recursion is the same few frames again. */
export const maxFrames = 50

/** `file:line:column` at the end of a frame's place (at most 9 digits each: a PostgreSQL integer, a safe JS number). */
const placePattern = /^(.*?):(\d{1,9}):(\d{1,9})$/
/** A V8 frame: `at ` and either `name (place)` or the place alone. */
const v8Pattern = /^\s*at\s+(.+?)\s*$/
const v8NamedPattern = /^(.*?)\s+\((.*)\)$/
/** A Firefox or Safari frame: a name without `@` (maybe empty), `@`, the place. */
const geckoPattern = /^\s*([^@]*)@(.+?)\s*$/
/** Places printed without a position. */
const placesWithoutPosition = new Set(['<anonymous>', 'native', '[native code]'])

export function parseStack(stack: string | null | undefined): RawFrame[] {
  const frames: RawFrame[] = []
  for (const line of (stack ?? '').split('\n')) {
    const frame = parseV8Line(line) ?? parseGeckoLine(line)
    if (frame) frames.push(frame)
    if (frames.length === maxFrames) break
  }
  return frames
}

function parseV8Line(line: string): RawFrame | null {
  const found = v8Pattern.exec(line)
  if (!found) return null
  const rest = found[1]!
  const named = v8NamedPattern.exec(rest)
  if (named) return frameAt(named[1]!, named[2]!)
  // `at file:1:2`: a place alone must have a position, or it is text that starts with "at".
  return placePattern.test(rest) ? frameAt('', rest) : null
}

function parseGeckoLine(line: string): RawFrame | null {
  const found = geckoPattern.exec(line)
  if (!found) return null
  const place = found[2]!
  if (!placePattern.test(place) && !placesWithoutPosition.has(place)) return null
  return frameAt(found[1]!, place)
}

/** The frame of a name and a place; a place without a position keeps its text as the file. */
function frameAt(name: string, place: string): RawFrame | null {
  const trimmed = name.trim()
  const position = placePattern.exec(place)
  if (!position) {
    return placesWithoutPosition.has(place)
      ? { function: trimmed || null, file: place, line: null, column: null }
      : null
  }
  return {
    function: trimmed || null,
    file: position[1]!,
    line: Number(position[2]),
    column: Number(position[3]),
  }
}
