// People barred from betting here (Lei 14.790/2023 art. 26): the operator's owners and staff and
// anyone else the operator lists, uploaded as a CSV of CPFs that replaces the list whole. A list
// with any bad line is refused naming the line, and nothing changes. Verified players the new list
// names are held (their accounts frozen) and put in the verification queue.
import type { Kysely } from 'kysely'
import { isValidCpf, normalizeCpf } from '../../contract/cpf.ts'
import { type BarredCategory, barredCategories } from '../../contract/identity.ts'
import type { BarredListSummary } from '../../contract/ops.ts'
import type { Database } from '../db/schema.ts'
import { Refusal } from '../refusal.ts'
import { setFrozen } from './account-holds.ts'

export const MAX_BARRED_LINES = 100_000

export interface BarredEntry {
  cpf: string
  category: BarredCategory
}

const categoryWords: Record<string, BarredCategory> = {
  owner: 'owner',
  dono: 'owner',
  socio: 'owner',
  sócio: 'owner',
  staff: 'staff',
  funcionario: 'staff',
  funcionário: 'staff',
  other: 'other',
  outro: 'other',
  '': 'other',
}

/**
 * `cpf[,category]` per line (`;` also separates; a first line naming `cpf` is a header; blank lines
 * are skipped). Categories: owner, staff, other (and their Portuguese words); none means other.
 */
export function parseBarredCsv(text: string): BarredEntry[] {
  const lines = text.split(/\r?\n/)
  if (lines.length > MAX_BARRED_LINES + 1) throw new Refusal('barred_list_invalid', { problem: 'too_many' })
  const entries = new Map<string, BarredEntry>()
  lines.forEach((raw, index) => {
    const line = raw.trim()
    if (!line) return
    const [cpfCell = '', categoryCell = ''] = line.split(/[;,]/).map((cell) => cell.trim().replace(/^"|"$/g, ''))
    if (index === 0 && /cpf/i.test(cpfCell)) return
    const cpf = normalizeCpf(cpfCell)
    if (!isValidCpf(cpf)) throw new Refusal('barred_list_invalid', { line: index + 1, problem: 'invalid_cpf' })
    const category = categoryWords[categoryCell.toLowerCase()]
    if (!category) throw new Refusal('barred_list_invalid', { line: index + 1, problem: 'unknown_category' })
    entries.set(cpf, { cpf, category })
  })
  return [...entries.values()]
}

/** Replaces the whole list; answers how many CPFs were added and removed. */
export async function replaceBarredList(
  db: Kysely<Database>,
  entries: BarredEntry[],
  now: number,
): Promise<{ added: number; removed: number }> {
  const current = await db.selectFrom('barred_cpfs').select(['cpf', 'category']).execute()
  const before = new Map(current.map((row) => [row.cpf, row.category]))
  const after = new Map(entries.map((entry) => [entry.cpf, entry.category]))
  const gone = [...before.keys()].filter((cpf) => !after.has(cpf))
  const fresh = entries.filter((entry) => !before.has(entry.cpf))
  const changed = entries.filter((entry) => before.has(entry.cpf) && before.get(entry.cpf) !== entry.category)
  for (let i = 0; i < gone.length; i += 500)
    await db
      .deleteFrom('barred_cpfs')
      .where('cpf', 'in', gone.slice(i, i + 500))
      .execute()
  for (let i = 0; i < fresh.length; i += 500)
    await db
      .insertInto('barred_cpfs')
      .values(fresh.slice(i, i + 500).map((entry) => ({ ...entry, added_at: now })))
      .execute()
  for (const entry of changed)
    await db.updateTable('barred_cpfs').set({ category: entry.category }).where('cpf', '=', entry.cpf).execute()
  return { added: fresh.length, removed: gone.length }
}

export async function barredListSummary(db: Kysely<Database>): Promise<BarredListSummary> {
  const rows = await db
    .selectFrom('barred_cpfs')
    .select(['category', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.max('added_at').as('newest')])
    .groupBy('category')
    .execute()
  const byCategory = Object.fromEntries(barredCategories.map((c) => [c, 0])) as Record<BarredCategory, number>
  let updatedAt: number | null = null
  for (const row of rows) {
    byCategory[row.category] = Number(row.n)
    if (row.newest !== null) updatedAt = Math.max(updatedAt ?? 0, Number(row.newest))
  }
  return { total: Object.values(byCategory).reduce((a, b) => a + b, 0), byCategory, updatedAt }
}

/**
 * Verified players whose CPF the list names and who are not held for it yet: each account is
 * frozen and a `barred_list` review opened. Answers their ids (for the audit and the console).
 */
export async function holdBarredPlayers(db: Kysely<Database>, now: number): Promise<number[]> {
  const named = await db
    .selectFrom('player_verifications')
    .innerJoin('barred_cpfs', 'barred_cpfs.cpf', 'player_verifications.cpf')
    .select([
      'player_verifications.player_id as playerId',
      'player_verifications.cpf as cpf',
      'player_verifications.full_name as fullName',
      'player_verifications.birth_date as birthDate',
    ])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('verification_reviews')
            .select('id')
            .whereRef('verification_reviews.player_id', '=', 'player_verifications.player_id')
            .where('verification_reviews.reason', '=', 'barred_list')
            .where('verification_reviews.status', '=', 'open'),
        ),
      ),
    )
    .orderBy('player_verifications.player_id')
    .execute()
  for (const player of named) {
    const playerId = Number(player.playerId)
    await setFrozen(db, playerId, true, now)
    await db
      .insertInto('verification_reviews')
      .values({
        player_id: playerId,
        cpf: player.cpf,
        full_name: player.fullName,
        birth_date: player.birthDate,
        reason: 'barred_list',
        bureau_name: null,
        bureau_birth_date: null,
        status: 'open',
        created_at: now,
        decided_at: null,
        decided_by: null,
        decision_reason: null,
        address: null,
      })
      // A player has one open review at most (a partial unique index): one still open keeps its place.
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  return named.map((player) => Number(player.playerId))
}
