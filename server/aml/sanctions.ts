// Sanctions screening against the UN Security Council consolidated list (Lei 13.810/2019;
// Portaria SPA/MF 1.143/2024 chapter IV): a list is loaded whole (the current one's entries
// replace the last's; each list loaded is kept with its hash), and every verified player is
// screened at verification and again against each new list. A strong match — the whole name, in
// any order and spelling, through the name or a good alias, with a date of birth that agrees —
// freezes the account and puts it in the verification queue (as the barred list does); a weak one
// — a low-quality alias, part of a name, or a whole name whose listed birth differs (a common
// name) — waits for an operator's review here without a freeze. Each match is recorded once per
// player and entry; the operator's decision on it is kept.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { SanctionsListInfo, ScreeningItem, ScreeningStatus, ScreeningStrength } from '../../contract/aml.ts'
import {
  holdVerifiedForReview,
  type VerifiedIdentity,
  verifiedCount,
  verifiedPlayersAfter,
} from '../accounts/verification-queue.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'
import { compareNames, nameWords, wordKey } from './names.ts'
import { birthText, type ListedBirth, type ListedName, type ListedPerson, parseUnList } from './un-list.ts'

const SCREEN_CURSOR = 'sanctions.cursor'

export interface LoadedList {
  list: SanctionsListInfo
  /** False when the list is the one already loaded (same hash): nothing changed, no rescreening. */
  changed: boolean
}

/** Loads a list's XML; a new list becomes the current one and every verified player is due again. */
export async function loadSanctionsList(
  db: Kysely<Database>,
  xml: string,
  source: string,
  now: number,
): Promise<LoadedList> {
  const parsed = parseUnList(xml)
  const sha256 = createHash('sha256').update(xml).digest('hex')
  const current = await currentList(db)
  if (current?.sha256 === sha256) return { list: current, changed: false }
  const list = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('sanctions_lists')
      .values({
        source: source.slice(0, 500),
        generated_at: parsed.generatedAt,
        sha256,
        individuals: parsed.individuals.length,
        loaded_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const listId = Number(inserted.id)
    await trx.deleteFrom('sanctions_entries').execute()
    for (let i = 0; i < parsed.individuals.length; i += 200)
      await trx
        .insertInto('sanctions_entries')
        .values(
          parsed.individuals.slice(i, i + 200).map((p) => ({
            list_id: listId,
            reference: p.reference,
            name: p.name,
            names: JSON.stringify(p.names),
            births: JSON.stringify(p.births),
            nationality: p.nationality,
            listed_on: p.listedOn,
          })),
        )
        .execute()
    await writeState(trx, SCREEN_CURSOR, '0')
    return listId
  })
  return { list: (await currentList(db)) ?? failLoad(list), changed: true }
}

function failLoad(id: number): never {
  throw new Error(`sanctions list ${id} vanished after loading`)
}

export async function currentList(db: Kysely<Database>): Promise<SanctionsListInfo | null> {
  const row = await db.selectFrom('sanctions_lists').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst()
  return row
    ? {
        id: Number(row.id),
        source: row.source,
        generatedAt: row.generated_at,
        sha256: row.sha256,
        individuals: Number(row.individuals),
        loadedAt: Number(row.loaded_at),
      }
    : null
}

/** The current list's people with an index of their names' word keys (for screening many players). */
export class ListIndex {
  readonly listId: number
  readonly #people: ListedPerson[]
  readonly #byKey = new Map<string, Set<number>>()

  constructor(listId: number, people: ListedPerson[]) {
    this.listId = listId
    this.#people = people
    people.forEach((person, index) => {
      for (const { name } of person.names)
        for (const key of nameWords(name).map(wordKey)) {
          const found = this.#byKey.get(key) ?? new Set<number>()
          found.add(index)
          this.#byKey.set(key, found)
        }
    })
  }

  /** People sharing at least one name word with the player. */
  candidates(fullName: string): ListedPerson[] {
    const found = new Set<number>()
    for (const key of nameWords(fullName).map(wordKey)) for (const i of this.#byKey.get(key) ?? []) found.add(i)
    return [...found].map((i) => this.#people[i] as ListedPerson)
  }
}

export async function loadIndex(db: Kysely<Database>): Promise<ListIndex | null> {
  const list = await currentList(db)
  if (!list) return null
  const rows = await db.selectFrom('sanctions_entries').selectAll().where('list_id', '=', list.id).execute()
  return new ListIndex(
    list.id,
    rows.map((r) => ({
      reference: r.reference,
      name: r.name,
      names: JSON.parse(r.names) as ListedName[],
      births: JSON.parse(r.births) as ListedBirth[],
      nationality: r.nationality,
      listedOn: r.listed_on,
    })),
  )
}

export interface Match {
  person: ListedPerson
  strength: ScreeningStrength
  matchedAs: string
}

/** Whether the player's date of birth agrees with any of the listed ones (unknown when none is listed). */
function birthAgrees(birthDate: string | null, births: ListedBirth[]): 'yes' | 'no' | 'unknown' {
  if (births.length === 0 || !birthDate) return 'unknown'
  const year = Number(birthDate.slice(0, 4))
  const agrees = births.some((b) =>
    'date' in b ? b.date === birthDate : 'year' in b ? b.year === year : year >= b.from && year <= b.to,
  )
  return agrees ? 'yes' : 'no'
}

/** The strongest match of one player against one listed person, if any. */
export function matchPerson(
  player: Pick<VerifiedIdentity, 'fullName' | 'birthDate'>,
  person: ListedPerson,
): Match | null {
  const birth = birthAgrees(player.birthDate, person.births)
  let best: Match | null = null
  for (const listed of person.names) {
    const names = compareNames(player.fullName, listed.name)
    let strength: ScreeningStrength | null = null
    if (names.full && listed.quality !== 'low' && birth !== 'no') strength = birth === 'yes' ? 'strong' : 'weak'
    else if (names.full) strength = 'weak'
    else if (names.paired >= 2 && names.paired === Math.min(names.ours, names.theirs) && birth !== 'no')
      strength = 'weak'
    if (strength === 'strong') return { person, strength, matchedAs: listed.name }
    if (strength && !best) best = { person, strength, matchedAs: listed.name }
  }
  return best
}

export function screenOne(index: ListIndex, player: Pick<VerifiedIdentity, 'fullName' | 'birthDate'>): Match[] {
  return index.candidates(player.fullName).flatMap((person) => matchPerson(player, person) ?? [])
}

export interface ScreenOutcome {
  strong: number
  weak: number
  /** Players frozen and queued by this screening. */
  frozen: number[]
}

/** Records a player's matches (each entry once) and freezes them on a strong one; marks them screened. */
async function recordScreening(
  db: Kysely<Database>,
  index: ListIndex,
  player: VerifiedIdentity,
  now: number,
  outcome: ScreenOutcome,
): Promise<void> {
  const matches = screenOne(index, player)
  await db.transaction().execute(async (trx) => {
    let hold = false
    for (const match of matches) {
      const inserted = await trx
        .insertInto('sanctions_matches')
        .values({
          player_id: player.playerId,
          list_id: index.listId,
          reference: match.person.reference,
          listed_name: match.person.name,
          matched_as: match.matchedAs,
          listed_birth: match.person.births.map(birthText).join(', '),
          strength: match.strength,
          status: match.strength === 'strong' ? 'frozen' : 'open',
          created_at: now,
          decided_at: null,
          decided_by: null,
          decision_reason: null,
        })
        .onConflict((oc) => oc.columns(['player_id', 'reference']).doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) continue
      if (match.strength === 'strong') {
        outcome.strong += 1
        hold = true
      } else outcome.weak += 1
    }
    if (hold) {
      await holdVerifiedForReview(trx, player.playerId, 'sanctions', now)
      outcome.frozen.push(player.playerId)
    }
    await trx
      .insertInto('sanctions_screened')
      .values({ player_id: player.playerId, list_id: index.listId, screened_at: now })
      .onConflict((oc) => oc.column('player_id').doUpdateSet({ list_id: index.listId, screened_at: now }))
      .execute()
  })
}

export function emptyOutcome(): ScreenOutcome {
  return { strong: 0, weak: 0, frozen: [] }
}

/** Screens one verified player against the current list (at verification). */
export async function screenPlayer(
  db: Kysely<Database>,
  index: ListIndex | null,
  player: VerifiedIdentity,
  now: number,
): Promise<ScreenOutcome> {
  const outcome = emptyOutcome()
  if (index) await recordScreening(db, index, player, now, outcome)
  return outcome
}

/**
 * The next batch of the sweep over every verified player against the current list (after a new
 * list, or players verified while the list was away); resumable from its cursor. Answers whether
 * players are left.
 */
export async function screenBatch(
  db: Kysely<Database>,
  index: ListIndex,
  batchSize: number,
  now: number,
  outcome: ScreenOutcome,
): Promise<boolean> {
  const after = Number((await readState(db, SCREEN_CURSOR)) ?? '0')
  const players = await verifiedPlayersAfter(db, after, batchSize)
  if (players.length === 0) return false
  const screened = new Set(
    (
      await db
        .selectFrom('sanctions_screened')
        .select('player_id')
        .where('list_id', '=', index.listId)
        .where(
          'player_id',
          'in',
          players.map((p) => p.playerId),
        )
        .execute()
    ).map((r) => Number(r.player_id)),
  )
  for (const player of players)
    if (!screened.has(player.playerId)) await recordScreening(db, index, player, now, outcome)
  await writeState(db, SCREEN_CURSOR, String((players[players.length - 1] as VerifiedIdentity).playerId))
  return players.length === batchSize
}

/** Verified players not yet screened against the current list. */
export async function unscreenedCount(db: Kysely<Database>): Promise<number> {
  const list = await currentList(db)
  if (!list) return 0
  const [verified, screened] = await Promise.all([
    verifiedCount(db),
    db
      .selectFrom('sanctions_screened')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('list_id', '=', list.id)
      .executeTakeFirstOrThrow(),
  ])
  return Math.max(0, verified - Number(screened.n))
}

type MatchRow = Database['sanctions_matches']

export function screeningItem(
  row: { id: number } & Omit<MatchRow, 'id'>,
  player: { fullName: string; birthDate: string | null } | null,
): Omit<ScreeningItem, 'playerName' | 'birth'> & { fullName: string; birthDate: string | null } {
  return {
    id: Number(row.id),
    playerId: Number(row.player_id),
    fullName: player?.fullName ?? '',
    birthDate: player?.birthDate ?? null,
    strength: row.strength,
    status: row.status,
    reference: row.reference,
    listedName: row.listed_name,
    matchedAs: row.matched_as,
    listedBirth: row.listed_birth,
    createdAt: Number(row.created_at),
    decidedAt: row.decided_at === null ? null : Number(row.decided_at),
    decidedBy: row.decided_by,
    decisionReason: row.decision_reason,
  }
}

export async function listMatches(db: Kysely<Database>, status: 'open' | 'decided', limit: number) {
  const base = db.selectFrom('sanctions_matches').where('status', status === 'open' ? '=' : '<>', 'open')
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('id', status === 'open' ? 'asc' : 'desc')
      .limit(limit)
      .execute(),
  ])
  return { total: Number(count.n), rows }
}

export async function openMatchCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('sanctions_matches')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Open or frozen matches of one player (the risk class reads them). */
export async function playerMatches(db: Kysely<Database>, playerId: number) {
  return db
    .selectFrom('sanctions_matches')
    .select(['reference', 'strength', 'status'])
    .where('player_id', '=', playerId)
    .where('status', 'in', ['open', 'frozen', 'confirmed'])
    .execute()
}

/**
 * An operator's decision on a weak match: cleared (another person) or confirmed (the listed person:
 * the account is frozen and queued, as a strong match is). The first decision wins.
 */
export async function decideMatch(
  db: Kysely<Database>,
  input: { id: number; decision: 'clear' | 'confirm'; by: string; reason: string; now: number },
): Promise<{ playerId: number; status: ScreeningStatus }> {
  const row = await db.selectFrom('sanctions_matches').selectAll().where('id', '=', input.id).executeTakeFirst()
  if (!row) throw new Refusal('not_found')
  const status: ScreeningStatus = input.decision === 'clear' ? 'cleared' : 'confirmed'
  const taken = await db
    .updateTable('sanctions_matches')
    .set({ status, decided_at: input.now, decided_by: input.by, decision_reason: input.reason })
    .where('id', '=', input.id)
    .where('status', '=', 'open')
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0) throw new Refusal('sanctions_match_taken')
  const playerId = Number(row.player_id)
  if (status === 'confirmed') await holdVerifiedForReview(db, playerId, 'sanctions', input.now)
  return { playerId, status }
}

export async function readState(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('aml_state').select('value').where('key', '=', key).executeTakeFirst()
  return row?.value ?? null
}

export async function writeState(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('aml_state')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute()
}
