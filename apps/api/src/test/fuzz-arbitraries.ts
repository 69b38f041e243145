import fc from 'fast-check'
import type { z } from 'zod'

/**
 * Generators for the route fuzzer (http/fuzz.test.ts): values drawn from a route's zod 4 schema,
 * and values just around it (wrong types, nulls, huge and fractional numbers, long and hostile
 * strings, prototype keys, extra keys), rendered as request bodies, query strings and paths.
 */

type Schema = z.core.$ZodType

/** A JSON fragment that JSON.stringify cannot write: 1e400, a 30-digit integer. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Values the app already holds (the signed-in person's id and e-mail, a creator, a plan…): ids that reach past "not found". */
export interface Known {
  ids: string[]
  emails: string[]
  words: string[]
}

export function isZodSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && '_zod' in value
}

/** JSON text of a generated value: `undefined` keys are left out, RawJson is written as is, own `__proto__` keys kept. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (value === undefined) return 'null'
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null'
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined)
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** An object with exactly these own keys, `__proto__` included as an own key (as JSON.parse makes it). */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
  }
  return out
}

// --- hostile leaves -------------------------------------------------------------------------------

/** Strings that have broken parsers, databases and renderers before. */
const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'name\u0000',
  '\ud800',
  'x\udfff',
  'pick\ud83d',
  '\udc00\ud800',
  '😀',
  '𝕏𝔂𝕫',
  '👨‍👩‍👧‍👦',
  '\u202eevil',
  'مرحبا بالعالم',
  'שלום',
  '\u200b',
  '\ufeff',
  '\uffff',
  '\u0085\u2028\u2029',
  'İıß',
  'Ω≈ç√∫',
  '\r\n\t',
  '\u001b[31m',
  '%00',
  '%',
  '../../etc/passwd',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '0x1F',
  '١٢٣',
  '__proto__',
  'constructor',
]

/** One UTF-16 code unit at a time, so NUL and lone surrogates turn up (fast-check's unicode units skip them). */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c))

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: codeUnit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    // Long, but with room for the rest of the body under the 1 MiB limit.
    arbitrary: fc
      .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', ' '), fc.integer({ min: 256, max: 60_000 }))
      .map(([unit, n]) => unit.repeat(n)),
  },
)

const nastyNumbers: unknown[] = [
  0,
  -0,
  -1,
  0.5,
  -1.5,
  1e-7,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  Number.MIN_VALUE,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('1.00000000000000000000000001'),
  new RawJson('-0.0e-0'),
]

const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...nastyNumbers),
  fc.double(),
  fc.integer(),
  fc.constantFrom('1', '1.5', '-1', '1e3', ' 5 ', '0x10', 'NaN', 'Infinity', '9'.repeat(40)),
)

const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    '\u0000',
    '\ud800',
    'role',
    'isAdmin',
    'id',
    'userId',
    'creatorId',
    'user',
    '$where',
  ),
  fc.string({ maxLength: 12 }),
)

/** Payloads for prototype keys: what an attacker would hope to mix into every object. */
const pollution = fc.constantFrom<unknown>(
  { role: 'admin', isAdmin: true },
  { prototype: { role: 'admin' } },
  { polluted: 'yes' },
  null,
)

/** Anything at all, of any type: the wrong value for every field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, undefined, [], {}) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(hostileKey, fc.oneof(pollution, tie('value'))), { maxLength: 4 })
        .map((entries) => objectOf(entries)),
    },
  ),
})).value

// --- schema walking -------------------------------------------------------------------------------

/** What a schema's checks say about its values, read from its def and its checks' defs. */
interface Constraints {
  minLength: number
  maxLength: number | undefined
  /** Inclusive numeric bounds (exclusive ones are moved in by a step). */
  minimum: number | undefined
  maximum: number | undefined
  exclusiveMinimum: number | undefined
  exclusiveMaximum: number | undefined
  /** `email`, `uuid`, `regex`… for strings; `safeint`, `int32`… for numbers. */
  formats: string[]
  patterns: RegExp[]
}

type CheckDef =
  | z.core.$ZodCheckMinLengthDef
  | z.core.$ZodCheckMaxLengthDef
  | z.core.$ZodCheckLengthEqualsDef
  | z.core.$ZodCheckGreaterThanDef
  | z.core.$ZodCheckLessThanDef
  | z.core.$ZodCheckStringFormatDef
  | z.core.$ZodCheckNumberFormatDef

function constraintsOf(schema: Schema): Constraints {
  const out: Constraints = {
    minLength: 0,
    maxLength: undefined,
    minimum: undefined,
    maximum: undefined,
    exclusiveMinimum: undefined,
    exclusiveMaximum: undefined,
    formats: [],
    patterns: [],
  }
  // A format schema (z.email(), z.int()) is its own first check.
  const own = schema._zod.def as z.core.$ZodTypeDef & Partial<{ check: string }>
  const defs = [
    ...(own.check ? [own as unknown as CheckDef] : []),
    ...(own.checks ?? []).map((c) => c._zod.def as CheckDef),
  ]
  for (const def of defs) {
    switch (def.check) {
      case 'min_length':
        out.minLength = Math.max(out.minLength, def.minimum)
        break
      case 'max_length':
        out.maxLength = Math.min(out.maxLength ?? Infinity, def.maximum)
        break
      case 'length_equals':
        out.minLength = def.length
        out.maxLength = def.length
        break
      case 'greater_than':
        if (typeof def.value !== 'number') break
        if (def.inclusive) out.minimum = Math.max(out.minimum ?? -Infinity, def.value)
        else out.exclusiveMinimum = Math.max(out.exclusiveMinimum ?? -Infinity, def.value)
        break
      case 'less_than':
        if (typeof def.value !== 'number') break
        if (def.inclusive) out.maximum = Math.min(out.maximum ?? Infinity, def.value)
        else out.exclusiveMaximum = Math.min(out.exclusiveMaximum ?? Infinity, def.value)
        break
      case 'string_format':
        out.formats.push(def.format)
        if (def.pattern) out.patterns.push(def.pattern)
        break
      case 'number_format':
        out.formats.push(def.format)
        break
    }
  }
  return out
}

/** A schema's min/max length checks (strings and arrays). */
function lengthBounds(schema: Schema): { min: number; max: number | undefined } {
  const { minLength, maxLength } = constraintsOf(schema)
  return { min: minLength, max: maxLength }
}

const maxDepth = 4

function known(k: Known): fc.Arbitrary<string>[] {
  const pool = [...k.ids, ...k.emails, ...k.words]
  return pool.length ? [fc.constantFrom(...pool)] : []
}

function stringValid(schema: Schema, k: Known): fc.Arbitrary<string> {
  const { minLength: min, maxLength: max, formats, patterns } = constraintsOf(schema)
  const upper = Math.max(min, Math.min(max ?? min + 40, min + 40))
  const byFormat: Record<string, () => fc.Arbitrary<string>> = {
    email: () => fc.emailAddress(),
    uuid: () => fc.oneof(fc.uuid(), ...(k.ids.length ? [fc.constantFrom(...k.ids)] : [])),
    guid: () => fc.uuid(),
    url: () => fc.webUrl(),
    datetime: () => isoDate.map((d) => d.toISOString()),
    date: () => isoDate.map((d) => d.toISOString().slice(0, 10)),
    e164: () => fc.stringMatching(/^\+[1-9]\d{7,14}$/),
  }
  const format = formats.map((f) => byFormat[f]).find((f) => f !== undefined)
  if (format) return format()
  // A plain regex is a check of its own; a format's pattern (lowercase, starts_with…) would do too.
  const pattern = patterns[0]
  const any = fc.string({ minLength: min, maxLength: upper, unit: 'grapheme' })
  const plain = pattern ? matching(pattern, any) : any
  return fc.oneof({ weight: 3, arbitrary: plain }, ...known(k).map((arbitrary) => ({ weight: 1, arbitrary })))
}

/** Strings the pattern matches, or `fallback` when the pattern uses syntax fast-check cannot generate from. */
function matching(pattern: RegExp, fallback: fc.Arbitrary<string>): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(pattern)
  } catch {
    return fallback
  }
}

const isoDate = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })

function numberBounds(schema: Schema): { min: number; max: number; int: boolean } {
  const c = constraintsOf(schema)
  const int = c.formats.some((f) => ['safeint', 'int32', 'uint32'].includes(f))
  const step = int ? 1 : 1e-6
  // Valid numbers stay within ±1e9: enough for every money and count field, and fc.integer's range.
  const min = Math.max(c.minimum ?? -1e9, c.exclusiveMinimum !== undefined ? c.exclusiveMinimum + step : -1e9, -1e9)
  const max = Math.min(c.maximum ?? 1e9, c.exclusiveMaximum !== undefined ? c.exclusiveMaximum - step : 1e9, 1e9)
  return { min, max: Math.max(min, max), int }
}

function numberValid(schema: Schema): fc.Arbitrary<number> {
  const { min, max, int } = numberBounds(schema)
  if (int) return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

/** Values the schema accepts (as far as its shape tells: refinements it runs in code may still refuse some). */
export function validFor(schema: Schema, k: Known, depth = 0): fc.Arbitrary<unknown> {
  const def = (schema as z.core.$ZodTypes)._zod.def
  const inner = (s: Schema) => validFor(s, k, depth + 1)
  switch (def.type) {
    case 'string':
      return stringValid(schema, k)
    case 'number':
      return numberValid(schema)
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }).map(String)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'undefined':
    case 'void':
      return fc.constant(undefined)
    case 'date':
      return isoDate.map((d) => d.toISOString())
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries))
    case 'literal':
      return fc.constantFrom(...def.values)
    case 'template_literal':
      return fc.stringMatching(schema._zod.pattern ?? /^$/)
    case 'object': {
      if (depth > maxDepth) return fc.constant({})
      const entries = Object.entries(def.shape)
      const fields = entries.map(([, s]) => {
        const value = inner(s)
        return s._zod.optin ? fc.option(value, { nil: undefined }) : value
      })
      return fc
        .tuple(...fields)
        .map((values) => objectOf(entries.map(([key], i) => [key, values[i]] as [string, unknown])))
    }
    case 'record':
      if (depth > maxDepth) return fc.constant({})
      return fc
        .array(fc.tuple(inner(def.keyType).map(String), inner(def.valueType)), { maxLength: 3 })
        .map((entries) => objectOf(entries))
    case 'array': {
      if (depth > maxDepth) return fc.constant([])
      const { min, max } = lengthBounds(schema)
      return fc.array(inner(def.element), { minLength: min, maxLength: Math.max(min, Math.min(max ?? 4, min + 4)) })
    }
    case 'set':
      return fc.array(inner(def.valueType), { maxLength: 3 })
    case 'tuple':
      return fc.tuple(...def.items.map(inner))
    case 'union':
      return fc.oneof(...def.options.map(inner))
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([a, b]) => merge(a, b))
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined })
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null })
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType), { nil: undefined })
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'success':
      return inner(def.innerType)
    case 'lazy':
      return depth > maxDepth ? fc.constant(null) : inner(def.getter())
    case 'pipe':
      // `.transform()` is a pipe into a transform: only its source says what goes in. Otherwise the
      // far end is the stricter (an e-mail after trimming, a sport after `min(1)`).
      return def.out._zod.def.type === 'transform' ? inner(def.in) : inner(def.out)
    case 'nan':
      return fc.constant(new RawJson('NaN'))
    default:
      // transform, custom, any, unknown, file, map, promise, function, symbol, never: no shape to follow.
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function merge(a: unknown, b: unknown): unknown {
  if (typeof a === 'object' && a && typeof b === 'object' && b && !Array.isArray(a) && !Array.isArray(b)) {
    return objectOf([...Object.entries(a), ...Object.entries(b)])
  }
  return b
}

/** Values near the schema's edge: just past its limits, of a neighbouring type, or subtly corrupted. */
function nearMiss(schema: Schema, k: Known, depth: number): fc.Arbitrary<unknown> {
  const def = (schema as z.core.$ZodTypes)._zod.def
  switch (def.type) {
    case 'string': {
      const { min, max } = lengthBounds(schema)
      const valid = stringValid(schema, k)
      return fc.oneof(
        ...(max !== undefined && max < 200_000 ? [fc.constant('x'.repeat(max + 1))] : []),
        ...(min > 0 ? [fc.constant('x'.repeat(min - 1))] : []),
        // A valid value with something hostile spliced in: NUL, a lone surrogate, RTL override.
        fc
          .tuple(valid, fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', ' ', '\n', '😀', '%00'), fc.nat())
          .map(([v, bad, at]) => {
            const i = v.length ? at % (v.length + 1) : 0
            return v.slice(0, i) + bad + v.slice(i)
          }),
        valid.map((v) => v.toUpperCase()),
        valid.map((v) => `  ${v}  `),
        fc.constantFrom(0, 1, true, null, [], {}),
      )
    }
    case 'number': {
      const { min, max, int } = numberBounds(schema)
      return fc.oneof(
        fc.constantFrom<unknown>(min - 1, max + 1, min - 0.5, max + 0.5, null, true, [], {}),
        ...(int ? [fc.double({ noNaN: true, min, max }).filter((n) => !Number.isInteger(n))] : []),
        numberValid(schema).map(String),
        hostileNumber,
      )
    }
    case 'boolean':
      return fc.constantFrom('true', 'false', 1, 0, 'yes', null, [])
    case 'enum':
    case 'literal': {
      const values = (def.type === 'enum' ? Object.values(def.entries) : def.values).map(String)
      return fc.oneof(
        fc.constantFrom(...values).map((v) => v.toUpperCase()),
        fc.constantFrom(...values).map((v) => `${v} `),
        fc.constantFrom(...values).map((v) => `${v}\u0000`),
        fc.constantFrom(...values).map((v) => [v]),
      )
    }
    case 'object': {
      if (depth > maxDepth) return hostileValue
      const entries = Object.entries(def.shape)
      // Mostly valid fields with a few off: each reaches a different check.
      const fields = entries.map(([, s]) =>
        fc.oneof(
          { weight: 5, arbitrary: validFor(s, k, depth + 1) },
          { weight: 2, arbitrary: aroundFor(s, k, depth + 1) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        ),
      )
      const base = fc.tuple(...fields).map((values) => entries.map(([key], i) => [key, values[i]] as [string, unknown]))
      const extras = fc.array(fc.tuple(hostileKey, fc.oneof(pollution, hostileValue)), { maxLength: 3 })
      return fc.oneof(
        { weight: 3, arbitrary: base.map(objectOf) },
        { weight: 2, arbitrary: fc.tuple(base, extras).map(([a, b]) => objectOf([...a, ...b])) },
        { weight: 1, arbitrary: base.map((a) => a.map(([, v]) => v)) },
      )
    }
    case 'array': {
      if (depth > maxDepth) return hostileValue
      const { max } = lengthBounds(schema)
      const element = aroundFor(def.element, k, depth + 1)
      return fc.oneof(
        ...(max !== undefined && max < 2000
          ? [validFor(def.element, k, depth + 1).map((v) => Array.from({ length: max + 1 }, () => v))]
          : []),
        fc.array(element, { maxLength: 5 }),
        element,
      )
    }
    case 'union':
      return fc.oneof(...def.options.map((s) => nearMiss(s, k, depth + 1)))
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return nearMiss(def.innerType, k, depth + 1)
    case 'pipe':
      return fc.oneof(nearMiss(def.in, k, depth + 1), nearMiss(def.out, k, depth + 1))
    case 'lazy':
      return depth > maxDepth ? hostileValue : nearMiss(def.getter(), k, depth + 1)
    default:
      return hostileValue
  }
}

/** Valid values, near misses and plain garbage, for one schema. */
export function aroundFor(schema: Schema, k: Known, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: validFor(schema, k, depth) },
    { weight: 3, arbitrary: nearMiss(schema, k, depth) },
    { weight: 1, arbitrary: hostileValue },
  )
}

// --- requests -------------------------------------------------------------------------------------

/**
 * `valid`: every part drawn from its schema (ids the app knows preferred), to get past validation
 * into the handler; `around`: parts drawn around their schemas, or hostile.
 */
export type Mode = 'valid' | 'around'

export interface FuzzBody {
  payload?: string | Buffer
  contentType?: string
  headers?: Record<string, string>
}

const malformedJson = [
  '',
  '{',
  '}',
  '{"a":}',
  '{"a" 1}',
  "{'a':1}",
  'nul',
  'undefined',
  '[1,]',
  '{"a":1}{"b":2}',
  '\u0000',
  '\ufeff{}',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":1,"a":2}',
  'NaN',
  '1e400',
]

/** JSON nested past any sane depth: recursive validators and serializers meet their stack. */
const deepJson = fc
  .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 500, max: 20_000 }))
  .map(([open, n]) => open.repeat(n) + '1' + (open === '[' ? ']' : '}').repeat(n))

const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/octet-stream',
  'image/png',
  '*/*',
  'application/jsonx',
  ';',
]

/** Printable ASCII only: a header value with control characters never leaves the client. */
const headerValue = fc.stringMatching(/^[\x20-\x7e]{0,120}$/)

/** A JSON body around `schema` (or garbage when the route takes none), or a body that is not JSON at all. */
export function bodyFor(schema: Schema | undefined, k: Known, mode: Mode = 'around'): fc.Arbitrary<FuzzBody> {
  if (mode === 'valid') {
    if (!schema) return fc.constant({})
    return validFor(schema, k).map((v) => ({ payload: toJsonText(v), contentType: 'application/json' }))
  }
  const value = schema
    ? fc.oneof({ weight: 4, arbitrary: aroundFor(schema, k) }, { weight: 1, arbitrary: hostileValue })
    : hostileValue
  return fc.oneof(
    { weight: 8, arbitrary: value.map((v) => ({ payload: toJsonText(v), contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom(...malformedJson), deepJson)
        .map((payload) => ({ payload, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.oneof(
          value.map(toJsonText),
          fc.string({ unit: codeUnit, maxLength: 200 }),
          fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
        ),
        contentType: fc.oneof(fc.constantFrom(...contentTypes), headerValue),
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  )
}

/** A webhook's call: a body (JSON, form or bytes) with signature headers that prove nothing. */
export function signedCallFor(schema: Schema | undefined, k: Known): fc.Arbitrary<FuzzBody> {
  const signature = fc.oneof(
    headerValue,
    fc
      .tuple(fc.integer({ min: 0, max: 2 ** 31 }), fc.stringMatching(/^[0-9a-f]{64}$/))
      .map(([ts, sig]) => `t=${ts},v1=${sig}`),
  )
  const form = fc
    .dictionary(
      fc.oneof(fc.constantFrom('From', 'To', 'Body', 'MessageSid', 'AccountSid'), hostileKey),
      hostileString,
      {
        maxKeys: 6,
      },
    )
    .map((fields) => ({
      payload: new URLSearchParams(Object.entries(fields)).toString(),
      contentType: 'application/x-www-form-urlencoded',
    }))
  return fc
    .tuple(
      fc.oneof({ weight: 3, arbitrary: bodyFor(schema, k) }, { weight: 2, arbitrary: form }),
      fc.record({ 'stripe-signature': signature, 'x-twilio-signature': headerValue }, { requiredKeys: [] }),
    )
    .map(([body, headers]) => ({ ...body, headers }))
}

/** The fields Twilio posts (an arriving text, a delivery report), with values around theirs: anyone can text any body. */
export const twilioFields: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      From: fc.oneof(fc.stringMatching(/^\+[1-9]\d{7,14}$/), hostileString),
      To: fc.oneof(fc.stringMatching(/^\+[1-9]\d{7,14}$/), hostileString),
      Body: fc.oneof(
        fc.constantFrom('STOP', 'START', 'HELP', 'YES', 'stop ', 'UNSUBSCRIBE'),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        hostileString,
      ),
      MessageSid: fc.oneof(fc.stringMatching(/^SM[0-9a-f]{32}$/), hostileString),
      AccountSid: fc.oneof(fc.stringMatching(/^AC[0-9a-f]{32}$/), hostileString),
      MessageStatus: fc.oneof(fc.constantFrom('queued', 'sent', 'delivered', 'undelivered', 'failed'), hostileString),
      ErrorCode: fc.oneof(fc.constantFrom('30003', '30005', '21610'), hostileString),
      NumMedia: fc.oneof(fc.constant('0'), hostileNumber.map(queryText)),
    },
    { requiredKeys: [] },
  )
  .chain((fields) =>
    fc
      .array(fc.tuple(hostileKey, hostileString), { maxLength: 3 })
      .map((extra) => ({ ...Object.fromEntries(extra), ...fields })),
  )

/** A real 1 × 1 PNG: the one upload that should be stored. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

interface Upload {
  boundary: string
  declared: 'same' | 'other' | 'none'
  field: string
  filename: string
  partType: string
  magic: Buffer
  bytes: Uint8Array
  truncate: boolean
  extraParts: number
}

function multipartOf(p: Upload): FuzzBody {
  const partHead = (name: string, extra = '') =>
    `--${p.boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`
  const chunks: Buffer[] = []
  for (let i = 0; i < p.extraParts; i++) chunks.push(Buffer.from(`${partHead(`f${i}`)}\r\nv${i}\r\n`))
  chunks.push(
    Buffer.from(`${partHead(p.field, `; filename="${p.filename}"`)}Content-Type: ${p.partType}\r\n\r\n`, 'latin1'),
    p.magic,
    Buffer.from(p.bytes),
  )
  if (!p.truncate) chunks.push(Buffer.from(`\r\n--${p.boundary}--\r\n`))
  const boundary = p.declared === 'same' ? `; boundary=${p.boundary}` : p.declared === 'other' ? '; boundary=zz' : ''
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data${boundary}` }
}

/** `multipart/form-data` uploads: a real image (`valid`), or arbitrary bytes under arbitrary names and types, well formed or not. */
export function multipartFor(mode: Mode): fc.Arbitrary<FuzzBody> {
  const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,.-]{1,70}$/)
  if (mode === 'valid') {
    return boundary.map((b) =>
      multipartOf({
        boundary: b,
        declared: 'same',
        field: 'file',
        filename: 'a.png',
        partType: 'image/png',
        magic: tinyPng,
        bytes: new Uint8Array(),
        truncate: false,
        extraParts: 0,
      }),
    )
  }
  return fc
    .record({
      boundary,
      declared: fc.constantFrom<Upload['declared']>('same', 'other', 'none'),
      field: fc.oneof(fc.constant('file'), fc.constantFrom('', 'files', 'file[]', '__proto__'), headerValue),
      filename: fc.oneof(fc.constantFrom('a.png', 'a.jpg', '', '../../x.webp', 'a\u0000.png'), headerValue),
      partType: fc.oneof(
        fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'text/html'),
        headerValue,
      ),
      magic: fc.constantFrom(
        Buffer.alloc(0),
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        tinyPng,
      ),
      bytes: fc.uint8Array({ maxLength: 4096 }),
      truncate: fc.boolean(),
      extraParts: fc.nat({ max: 8 }),
    })
    .map(multipartOf)
}

/** Query strings that URLSearchParams would never write: broken escapes, prototype keys, repeats. */
const rawQueries = [
  '?%',
  '?a=%ZZ',
  '?%00=%00',
  '?a=%ED%A0%80',
  '?a=%FF%FE',
  '?__proto__[role]=admin',
  '?constructor[prototype][role]=admin',
  '?__proto__=x',
  '?limit=1&limit=2',
  '?page=1&page=2&page=x',
  '?limit[]=1',
  '?=',
  '?&&&',
  '?a',
]

function queryText(value: unknown): string {
  if (value instanceof RawJson) return value.text
  if (typeof value === 'object' && value !== null) return toJsonText(value)
  return String(value)
}

/** `?…` built with URLSearchParams from values around the schema, or a hand-broken one; '' for none. */
export function queryFor(schema: Schema | undefined, k: Known, mode: Mode = 'around'): fc.Arbitrary<string> {
  if (mode === 'valid') return schema ? validFor(schema, k).map(queryString) : fc.constant('')
  const around = schema ? aroundFor(schema, k) : hostileValue
  return fc.oneof(
    { weight: 6, arbitrary: around.map(queryString) },
    { weight: 1, arbitrary: fc.constantFrom(...rawQueries) },
    { weight: 1, arbitrary: fc.constant('') },
  )
}

/** `?…` for a generated value: an object's keys (arrays repeat the key), anything else as a lone key. */
function queryString(value: unknown): string {
  const params = new URLSearchParams()
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined) continue
      for (const item of Array.isArray(v) ? v : [v]) params.append(key, queryText(item))
    }
  } else {
    params.append(queryText(value), queryText(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Percent-encodes like encodeURIComponent, but writes a lone surrogate as the bytes a broken encoder would. */
export function encodeSegment(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    if (pair) {
      out += encodeURIComponent(text.slice(i, i + 2))
      i++
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xed, 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
    } else {
      out += encodeURIComponent(text[i]!)
    }
  }
  return out
}

/** Path segments that are already encoded, some of them wrongly. */
// No bare dot segments: the client resolves `..` and `%2e%2e` before sending, so they never reach a route.
const rawSegments = [
  '%',
  '%ZZ',
  '%00',
  '%FF',
  '%ED%A0%80',
  '%C0%AF',
  '..%2F..%2Fetc',
  '%2e%2e%5c',
  '...',
  '%2F',
  '%20',
  '~',
  '%25',
]

function segmentFor(schema: Schema | undefined, k: Known, mode: Mode): fc.Arbitrary<string> {
  const valid = (schema ? validFor(schema, k) : fc.string()).map((v) => encodeSegment(queryText(v)))
  if (mode === 'valid') {
    return fc.oneof(...known(k).map((arbitrary) => ({ weight: 3, arbitrary: arbitrary.map(encodeSegment) })), {
      weight: 1,
      arbitrary: valid,
    })
  }
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    ...known(k).map((arbitrary) => ({ weight: 2, arbitrary: arbitrary.map(encodeSegment) })),
    { weight: 2, arbitrary: fc.oneof(hostileString, hostileNumber.map(queryText)).map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom(...rawSegments) },
    { weight: 1, arbitrary: fc.uuid() },
  )
}

function shapeOf(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {}
  const def = (schema as z.core.$ZodTypes)._zod.def
  return def.type === 'object' ? def.shape : {}
}

/** The route's URL with each `:param` (and a trailing `*`) filled with a valid-looking or hostile value. */
export function pathFor(
  url: string,
  params: Schema | undefined,
  k: Known,
  mode: Mode = 'around',
): fc.Arbitrary<string> {
  const shape = shapeOf(params)
  const parts = url.split('/').map((segment): fc.Arbitrary<string> => {
    if (segment.startsWith(':')) return segmentFor(shape[segment.slice(1)], k, mode)
    if (segment === '*') {
      return fc.array(segmentFor(shape['*'], k, mode), { minLength: 0, maxLength: 4 }).map((s) => s.join('/'))
    }
    return fc.constant(segment)
  })
  return fc.tuple(...parts).map((segments) => segments.join('/'))
}
