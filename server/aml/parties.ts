// Staff, partners and outsourced service providers, identified and classified as Portaria SPA/MF
// 1.143/2024 art. 8 asks (qualification and risk classification of funcionários, parceiros and
// prestadores de serviços terceirizados, and risk assessment when hiring them): a register an
// operator keeps, each party classified when added from what the rules can tell — a politically
// exposed person, a name the current sanctions list matches, a high-risk jurisdiction — and from
// what the party may do here (move money, see players' personal data). Reviewed on the same
// clocks as bettors (a yearly review at least).
import type { Kysely } from 'kysely'
import type { AmlClass, AmlParty, AmlPartyKind } from '../../contract/aml.ts'
import type { Database } from '../db/schema.ts'
import { type AmlThresholds, highestClass } from './rules.ts'
import { type ListIndex, screenOne } from './sanctions.ts'

const DAY_MS = 24 * 3600_000

export interface PartyInput {
  kind: AmlPartyKind
  name: string
  document: string
  role: string
  handlesMoney: boolean
  accessToPersonalData: boolean
  pep: boolean
  /** ISO 3166 alpha-2 country of residence or incorporation. */
  country: string
  birthDate?: string | undefined
}

export function classifyParty(
  input: PartyInput,
  index: ListIndex | null,
  t: AmlThresholds,
  marketCountry: string,
): { class: AmlClass; reasons: string[]; sanctionsMatch: boolean } {
  const reasons: { code: string; level: Exclude<AmlClass, 'low'> }[] = []
  const matches = index ? screenOne(index, { fullName: input.name, birthDate: input.birthDate ?? null }) : []
  if (matches.length > 0) reasons.push({ code: 'sanctions_review', level: 'high' })
  if (input.pep) reasons.push({ code: 'pep', level: 'high' })
  const highRisk = new Set(t.countryNetworks.map((n) => n.country))
  if (highRisk.has(input.country)) reasons.push({ code: 'country', level: 'high' })
  else if (input.country !== marketCountry) reasons.push({ code: 'foreign', level: 'medium' })
  if (input.handlesMoney) reasons.push({ code: 'handles_money', level: 'medium' })
  if (input.accessToPersonalData) reasons.push({ code: 'personal_data', level: 'medium' })
  return { class: highestClass(reasons), reasons: reasons.map((r) => r.code), sanctionsMatch: matches.length > 0 }
}

export async function addParty(
  db: Kysely<Database>,
  input: PartyInput,
  index: ListIndex | null,
  t: AmlThresholds,
  marketCountry: string,
  by: string,
  now: number,
): Promise<AmlParty> {
  const found = classifyParty(input, index, t, marketCountry)
  const days = t.reviewDays[found.class] || 365
  const inserted = await db
    .insertInto('aml_parties')
    .values({
      kind: input.kind,
      name: input.name,
      document: input.document,
      role: input.role,
      handles_money: input.handlesMoney ? 1 : 0,
      personal_data: input.accessToPersonalData ? 1 : 0,
      pep: input.pep ? 1 : 0,
      country: input.country,
      class: found.class,
      reasons: JSON.stringify(found.reasons),
      sanctions_match: found.sanctionsMatch ? 1 : 0,
      review_due_at: now + Math.min(days, 365) * DAY_MS,
      created_at: now,
      created_by: by,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const [party] = await listParties(db, Number(inserted.id))
  return party as AmlParty
}

export async function listParties(db: Kysely<Database>, id?: number): Promise<AmlParty[]> {
  let query = db.selectFrom('aml_parties').selectAll()
  if (id !== undefined) query = query.where('id', '=', id)
  const rows = await query.orderBy('review_due_at').orderBy('id').limit(500).execute()
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    name: r.name,
    document: r.document,
    role: r.role,
    handlesMoney: Number(r.handles_money) === 1,
    accessToPersonalData: Number(r.personal_data) === 1,
    pep: Number(r.pep) === 1,
    country: r.country,
    class: r.class,
    reasons: JSON.parse(r.reasons) as string[],
    reviewDueAt: Number(r.review_due_at),
    createdAt: Number(r.created_at),
    sanctionsMatch: Number(r.sanctions_match) === 1,
  }))
}

export async function partyCounts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('aml_parties')
    .select(['kind', 'class', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy(['kind', 'class'])
    .execute()
  return rows.map((r) => ({ kind: r.kind, class: r.class, count: Number(r.n) }))
}
