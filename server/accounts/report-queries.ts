// What the regulatory export reads from accounts: every player who registered in a period, with
// their verification (CPF and name whole: the caller masks them unless the operator may see
// them), streamed in pages by time and id (never the period at once).
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface ReportRegistration {
  playerId: number
  createdAt: number
  channel: string | null
  adultConfirmedAt: number | null
  verifiedAt: number | null
  cpf: string | null
  fullName: string | null
}

export async function* registrationsBetween(
  db: Kysely<Database>,
  start: number,
  end: number,
  pageSize = 500,
): AsyncGenerator<ReportRegistration> {
  let after = { at: start, id: 0 }
  for (;;) {
    const cursor = after
    const rows = await db
      .selectFrom('players as p')
      .leftJoin('player_verifications as v', 'v.player_id', 'p.id')
      .select(['p.id', 'p.created_at', 'p.channel', 'p.adult_confirmed_at', 'v.verified_at', 'v.cpf', 'v.full_name'])
      .where('p.created_at', '>=', start)
      .where('p.created_at', '<', end)
      .where((eb) =>
        eb.or([
          eb('p.created_at', '>', cursor.at),
          eb.and([eb('p.created_at', '=', cursor.at), eb('p.id', '>', cursor.id)]),
        ]),
      )
      .orderBy('p.created_at')
      .orderBy('p.id')
      .limit(pageSize)
      .execute()
    for (const r of rows)
      yield {
        playerId: Number(r.id),
        createdAt: Number(r.created_at),
        channel: r.channel,
        adultConfirmedAt: r.adult_confirmed_at === null ? null : Number(r.adult_confirmed_at),
        verifiedAt: r.verified_at === null ? null : Number(r.verified_at),
        cpf: r.cpf,
        fullName: r.full_name,
      }
    const last = rows.at(-1)
    if (rows.length < pageSize || !last) return
    after = { at: Number(last.created_at), id: Number(last.id) }
  }
}
