// What the regulatory export reads from accounts: every registration completed in a period — an
// account whose holder's CPF was verified, at the moment it was (an account that never gave and
// verified a CPF is a device only, not a registration) — with the CPF and name whole (the caller
// masks them unless the operator may see them), streamed in pages by time and id (never the
// period at once).
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface ReportRegistration {
  playerId: number
  /** When the registration was completed: the CPF verified. */
  registeredAt: number
  /** When the account was first made, on its device. */
  createdAt: number
  channel: string | null
  adultConfirmedAt: number | null
  cpf: string
  fullName: string
  /** The registration data the rules ask for (null until the player gives it). */
  gender: string | null
  state: string | null
  city: string | null
  cep: string | null
}

export async function* registrationsBetween(
  db: Kysely<Database>,
  start: number,
  end: number,
  pageSize = 500,
  /** Resumes after this registration (its time and player id). */
  from: { at: number; id: number } | null = null,
): AsyncGenerator<ReportRegistration> {
  let after = from ?? { at: start, id: 0 }
  for (;;) {
    const cursor = after
    const rows = await db
      .selectFrom('player_verifications as v')
      .innerJoin('players as p', 'p.id', 'v.player_id')
      .leftJoin('player_registration as r', 'r.player_id', 'p.id')
      .select([
        'p.id',
        'p.created_at',
        'p.channel',
        'p.adult_confirmed_at',
        'v.verified_at',
        'v.cpf',
        'v.full_name',
        'r.gender',
        'r.state',
        'r.city',
        'r.cep',
      ])
      .where('v.verified_at', '>=', start)
      .where('v.verified_at', '<', end)
      .where((eb) =>
        eb.or([
          eb('v.verified_at', '>', cursor.at),
          eb.and([eb('v.verified_at', '=', cursor.at), eb('p.id', '>', cursor.id)]),
        ]),
      )
      .orderBy('v.verified_at')
      .orderBy('p.id')
      .limit(pageSize)
      .execute()
    for (const r of rows)
      yield {
        playerId: Number(r.id),
        registeredAt: Number(r.verified_at),
        createdAt: Number(r.created_at),
        channel: r.channel,
        adultConfirmedAt: r.adult_confirmed_at === null ? null : Number(r.adult_confirmed_at),
        cpf: r.cpf,
        fullName: r.full_name,
        gender: r.gender,
        state: r.state,
        city: r.city,
        cep: r.cep,
      }
    const last = rows.at(-1)
    if (rows.length < pageSize || !last) return
    after = { at: Number(last.verified_at), id: Number(last.id) }
  }
}
