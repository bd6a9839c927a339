// Test support for the HTTP fuzz test: the bodies it sends. Awkward values (edges of numbers,
// hostile and unusual text, wrong types, nesting), bodies shaped by a route's own zod schema but
// filled with edge values (so they get past validation and reach the handler), and raw payloads
// and content types JSON.stringify cannot produce.
import fc from 'fast-check'
import { randomCpf } from '../../contract/cpf.ts'

const awkwardNumbers = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53 + 2,
  2 ** 63,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
]

const awkwardStrings = [
  '',
  ' ',
  '0',
  '-1',
  '1e999',
  'NaN',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  '<script>alert(1)</script>',
  "' or 1=1; drop table players; --",
  'a\u0000b',
  '\uD800',
  'Ação 𝕁 🎰 \u202E',
  'x'.repeat(5000),
  '../../etc/passwd',
  '2024-02-30T25:61:00Z',
  '__proto__',
  'constructor',
]

const plausibleStrings = fc.oneof(
  fc.uuid(),
  fc.constantFrom('12345678909', '+5511987654321', 'ana@example.com', '50.00', '50,00', 'pt-BR', 'en', 'hi'),
  fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 9, maxLength: 9 }).map((draws) => {
    // After the drawn digits, varying ones: randomCpf redraws a base of nine equal digits.
    let i = 0
    return randomCpf(() => draws[i++] ?? (i % 10) / 10)
  }),
  fc.stringMatching(/^[A-Za-z0-9]{1,40}$/),
)

export const awkwardValue = fc.constantFrom<unknown>(...awkwardNumbers, ...awkwardStrings, null, true, false, [], {}, [
  null,
])

/** Any JSON value, awkward ones often. */
export const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    awkwardValue,
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer(),
    fc.double(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value

/** The parts of a zod 4 schema's definition this reads. */
interface ZodDef {
  type: string
  shape?: Record<string, { _zod: { def: ZodDef } }>
  options?: { _zod: { def: ZodDef } }[]
  innerType?: { _zod: { def: ZodDef } }
  in?: { _zod: { def: ZodDef } }
  element?: { _zod: { def: ZodDef } }
  entries?: Record<string, string | number>
  values?: unknown[]
}

function defOf(schema: unknown): ZodDef | undefined {
  return (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def
}

/** The top-level field names of a body schema (an object, or a union of objects). */
export function fieldsOf(schema: unknown): string[] {
  const def = defOf(schema)
  if (!def) return []
  if (def.type === 'object') return Object.keys(def.shape ?? {})
  if (def.type === 'union') return [...new Set((def.options ?? []).flatMap(fieldsOf))]
  return []
}

/** Values of the type the schema asks for, taken from the edges of that type. */
export function typedValue(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  if (!def || depth > 4) return anyValue
  const inner = (next: unknown) => typedValue(next, depth + 1)
  switch (def.type) {
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, inner(field)])))
    case 'union':
      return fc.oneof(...(def.options ?? []).map(inner))
    case 'optional':
      return fc.oneof(inner(def.innerType), fc.constant(undefined))
    case 'nullable':
      return fc.oneof(inner(def.innerType), fc.constant(null))
    case 'default':
    case 'readonly':
    case 'catch':
      return inner(def.innerType)
    case 'pipe':
      return inner(def.in)
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: '' }))
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]))
    case 'string':
      return fc.oneof(fc.constantFrom(...awkwardStrings), plausibleStrings, fc.string({ maxLength: 60 }))
    case 'number':
    case 'int':
      return fc.oneof(fc.constantFrom(...awkwardNumbers), fc.integer(), fc.integer({ min: 1, max: 1_000_000 }))
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 })
    default:
      return anyValue
  }
}

/**
 * Bodies for a route: shaped by its schema when it has one; aimed at its fields (or, without a
 * schema, at names from the vocabulary) with any values; or any value at all.
 */
export function bodiesFor(schema: unknown, vocabulary: string[]): fc.Arbitrary<unknown> {
  const fields = fieldsOf(schema)
  const names = fields.length > 0 ? fc.constant(fields) : fc.subarray(vocabulary, { maxLength: 5 })
  const aimed = names.chain((keys) =>
    fc.record(Object.fromEntries(keys.map((key) => [key, anyValue])), { requiredKeys: [] }),
  )
  const extra = fc.dictionary(fc.constantFrom('extra', 'userId', 'amount', 'token', ''), anyValue, { maxKeys: 2 })
  return fc.oneof(
    { weight: defOf(schema) ? 3 : 0, arbitrary: typedValue(schema) },
    { weight: 2, arbitrary: fc.tuple(aimed, extra).map(([own, more]) => ({ ...more, ...own })) },
    { weight: 1, arbitrary: anyValue },
  )
}

const json = { 'content-type': 'application/json' }

/** Payloads JSON.stringify cannot produce, and content types the API does not take. */
export const rawRequests: { headers: Record<string, string>; payload?: string }[] = [
  { headers: json },
  { headers: json, payload: '' },
  { headers: json, payload: '{"amount": 10,' },
  { headers: json, payload: 'null' },
  { headers: json, payload: '"text"' },
  { headers: json, payload: '[]' },
  { headers: json, payload: '{"__proto__": {"polluted": 1}, "userId": 1}' },
  { headers: json, payload: '{"constructor": {"prototype": {"polluted": 1}}}' },
  { headers: json, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { headers: json, payload: JSON.stringify({ big: 'x'.repeat(70 * 1024) }) },
  { headers: { 'content-type': 'application/json; charset=utf-16' }, payload: '{}' },
  { headers: { 'content-type': 'text/plain' }, payload: 'amount=1' },
  { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'amount=-1&key[a]=1&__proto__[x]=1' },
  { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\n\r\n--x--' },
  { headers: { 'content-type': 'application/xml' }, payload: '<a/>' },
]
