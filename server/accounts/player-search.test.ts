// The console's player search on each engine: a word finds players by a part of their user name
// or full name; a query shaped like an identifier (a CPF with or without its punctuation, an
// e-mail, a phone, a random key, an all-digit user name) is looked up through indexes only and
// never reads every player's names — the substring scan that made a CPF search take seconds over
// a million players.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatCpf } from '../../contract/cpf.ts'
import { createTestDb, engines, type TestDb } from '../../tests/support/server.ts'
import { searchPlayers } from './operator-queries.ts'

describe.each(engines)('player search on %s', (engine) => {
  let testDb: TestDb
  const cpf = '52998224725'
  beforeAll(async () => {
    testDb = await createTestDb(engine)
    const db = testDb.db.kysely
    const now = Date.now()
    const ids: number[] = []
    for (const [device, name] of [
      ['d1', 'mariasilva1'],
      ['d2', '123456789012'],
      ['d3', 'joaquim_pe'],
    ] as const) {
      const row = await db
        .insertInto('players')
        .values({ device_id: device, user_name: name, language: 'pt-BR', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(Number(row.id))
    }
    await db
      .insertInto('player_verifications')
      .values({
        player_id: ids[0] as number,
        cpf,
        full_name: 'Maria da Silva Souza',
        birth_date: '1990-01-15',
        verified_at: now,
      })
      .execute()
  })
  afterAll(async () => {
    await testDb?.drop()
  })

  it('finds a word in the user name or the full name', async () => {
    const byUser = await searchPlayers(testDb.db.kysely, 'MariaSil')
    expect(byUser.map((h) => h.identity.userName)).toEqual(['mariasilva1'])
    const byFull = await searchPlayers(testDb.db.kysely, 'silva souza')
    expect(byFull.map((h) => [h.identity.userName, h.matched])).toEqual([['mariasilva1', 'name']])
  })

  it('finds a CPF with or without its punctuation, and an all-digit user name whole', async () => {
    for (const q of [cpf, formatCpf(cpf)]) {
      const hits = await searchPlayers(testDb.db.kysely, q)
      expect(
        hits.map((h) => [h.identity.userName, h.matched]),
        q,
      ).toEqual([['mariasilva1', 'cpf']])
    }
    const byDigits = await searchPlayers(testDb.db.kysely, '123456789012')
    expect(byDigits.map((h) => [h.identity.userName, h.matched])).toEqual([['123456789012', 'name']])
    // Part of an all-digit name is an identifier's shape, not a word: no substring scan.
    expect(await searchPlayers(testDb.db.kysely, '4567890')).toEqual([])
  })
})
