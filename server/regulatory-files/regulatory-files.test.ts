// The daily files for the regulator, on a generated day of 5 000 rounds (over 7 000 wallet
// movements): files of at most 7 000 records whose records add up to the day's rows (counts and
// sums against the tables, the ledger's included); an export stopped after its first file and
// resumed by another instance makes the same files (same SHA-256) as one run straight through;
// two instances at once make one set; the sandbox receiver rejects a malformed file with its
// reasons and accepts it made again and re-sent from the console; the console's routes by role.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { manualClock } from '../../tests/support/clock.ts'
import { signedInOperator } from '../../tests/support/operators.ts'
import { writeRegulatoryDay } from '../../tests/support/regulatory-day.ts'
import { buildTestApp, createTestDb, engines, type TestDb } from '../../tests/support/server.ts'
import { sha256 } from './files.ts'
import { MAX_RECORDS_PER_FILE } from './layout.ts'
import { checkStructure, type SandboxReceiver, startSandboxReceiver } from './sandbox/receiver.ts'
import { LEASE_MS } from './service.ts'

const DAY = '2026-03-09'
// 10 March 2026, 02:00 in São Paulo: the day before is over, its files due at 06:00.
const NOW = Date.parse('2026-03-10T05:00:00Z')
const ROUNDS = 5000

type FileRow = { id: string; dataset: string; records: number; content: string; sha256: string; status: string }

const reaisToCentavos = (text: string) => Math.round(Number(text) * 100)

for (const engine of engines) {
  describe(`daily regulatory files (${engine})`, () => {
    let receiver: SandboxReceiver
    const dbs: TestDb[] = []
    const apps: FastifyInstance[] = []
    const clock = manualClock(NOW)

    async function dayDb() {
      const testDb = await createTestDb(engine)
      dbs.push(testDb)
      const written = await writeRegulatoryDay(testDb.db, DAY, { rounds: ROUNDS })
      return { testDb, written }
    }
    async function appOn(testDb: TestDb) {
      const app = await buildTestApp(
        testDb.db,
        {
          SIGAP_FILES_URL: receiver.url,
          SIGAP_FILES_TOKEN: receiver.token,
          REGULATORY_FILES_INTERVAL_MS: '0',
          REGULATORY_FILES_CATCH_UP_DAYS: '0',
        },
        clock,
      )
      apps.push(app)
      return app
    }
    const filesOf = async (testDb: TestDb) =>
      (await testDb.db.kysely
        .selectFrom('regulatory_files')
        .select(['id', 'dataset', 'records', 'content', 'sha256', 'status'])
        .orderBy('id')
        .execute()) as FileRow[]

    let straight: { testDb: TestDb; app: FastifyInstance; written: Awaited<ReturnType<typeof writeRegulatoryDay>> }

    beforeAll(async () => {
      receiver = await startSandboxReceiver({ port: 0, host: '127.0.0.1', timeZone: 'America/Sao_Paulo' })
      const { testDb, written } = await dayDb()
      straight = { testDb, written, app: await appOn(testDb) }
    }, 120_000)

    afterAll(async () => {
      for (const app of apps) await app.close()
      for (const testDb of dbs) await testDb.drop()
      await receiver.close()
    })

    it('cuts the day into files of at most 7 000 records that add up to its rows and the ledger', async () => {
      const { app, testDb, written } = straight
      const pass = await app.regulatoryFiles.runOnce()
      expect(pass.daysFinished).toBe(1)
      const files = await filesOf(testDb)
      const k = testDb.db.kysely
      const parsed = files.map((f) => ({ ...f, body: JSON.parse(f.content) }))
      for (const f of parsed) {
        expect(f.records).toBeLessThanOrEqual(MAX_RECORDS_PER_FILE)
        expect(f.body.registros).toHaveLength(f.records)
        expect(f.body.cabecalho.quantidadeRegistros).toBe(f.records)
        expect(f.sha256).toBe(sha256(f.content))
      }
      const of = (dataset: string) => parsed.filter((f) => f.dataset === dataset).flatMap((f) => f.body.registros)
      // Bets: every round of the day, none outside it; stakes and wins as the rounds.
      const rounds = await k
        .selectFrom('game_rounds')
        .selectAll()
        .where('created_at', '>=', written.start)
        .where('created_at', '<', written.end)
        .execute()
      const bets = of('bets')
      expect(bets).toHaveLength(rounds.length)
      expect(rounds.length).toBe(ROUNDS - 2)
      expect(new Set(bets.map((b) => b.idAposta)).size).toBe(rounds.length)
      expect(bets.reduce((s, b) => s + reaisToCentavos(b.valorAposta), 0)).toBe(
        rounds.reduce((s, r) => s + Number(r.bet), 0),
      )
      expect(bets.reduce((s, b) => s + reaisToCentavos(b.valorPremio), 0)).toBe(
        rounds.reduce((s, r) => s + Number(r.win), 0),
      )
      // Wallets: every ledger transfer of the day that moves a player's account; more than one file.
      const transfers = await k
        .selectFrom('ledger_transfers as t')
        .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
        .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
        .select(['t.id', 't.kind', 't.amount', 'd.player_id as dp', 'c.player_id as cp'])
        .where('t.created_at', '>=', written.start)
        .where('t.created_at', '<', written.end)
        .execute()
      const moving = transfers.filter((t) => t.dp !== null || t.cp !== null)
      const wallets = of('wallets')
      expect(moving.length).toBeGreaterThan(MAX_RECORDS_PER_FILE)
      expect(files.filter((f) => f.dataset === 'wallets').length).toBe(Math.ceil(moving.length / MAX_RECORDS_PER_FILE))
      expect(wallets).toHaveLength(moving.length)
      for (const kind of ['bet', 'win', 'deposit']) {
        const sum = (rows: { amount: number | string }[]) => rows.reduce((s, r) => s + Number(r.amount), 0)
        expect(wallets.filter((w) => w.tipoMovimento === kind).reduce((s, w) => s + reaisToCentavos(w.valor), 0)).toBe(
          sum(moving.filter((t) => t.kind === kind)),
        )
      }
      // Bettors: registrations completed on the day; destinations: payouts paid and PIX returned.
      const registered = await k
        .selectFrom('player_verifications')
        .select('player_id')
        .where('verified_at', '>=', written.start)
        .where('verified_at', '<', written.end)
        .execute()
      expect(
        of('bettors')
          .map((b) => b.idApostador)
          .sort(),
      ).toEqual(registered.map((r) => Number(r.player_id)).sort())
      // With the registration data where the bettor gave it, and null where not.
      const given = await k
        .selectFrom('player_registration')
        .select(['player_id', 'gender', 'state', 'city', 'cep'])
        .execute()
      for (const b of of('bettors')) {
        const row = given.find((g) => Number(g.player_id) === b.idApostador)
        const expected = row
          ? {
              genero: row.gender === 'female' ? 'FEMININO' : 'MASCULINO',
              uf: 'SP',
              municipio: 'São Paulo',
              cep: '01310100',
            }
          : { genero: null, uf: null, municipio: null, cep: null }
        expect({ genero: b.genero, uf: b.uf, municipio: b.municipio, cep: b.cep }).toEqual(expected)
      }
      expect(of('bettors').filter((b) => b.genero === 'FEMININO').length).toBeGreaterThan(0)
      expect(of('bettors').filter((b) => b.genero === null).length).toBeGreaterThan(0)
      const paid = await k
        .selectFrom('withdrawal_orders')
        .select(['id', 'amount'])
        .where('status', '=', 'paid')
        .where('updated_at', '>=', written.start)
        .where('updated_at', '<', written.end)
        .execute()
      const payouts = of('destinations').filter((d) => d.tipoDestinacao === 'PAGAMENTO_PREMIO_SAQUE')
      expect(payouts.map((p) => p.idDestinacao).sort()).toEqual(paid.map((p) => p.id).sort())
      expect(payouts.reduce((s, p) => s + reaisToCentavos(p.valor), 0)).toBe(
        paid.reduce((s, p) => s + Number(p.amount), 0),
      )
      expect(of('destinations').filter((d) => d.tipoDestinacao === 'DEVOLUCAO_PIX')).toHaveLength(10)
      // Sent at once; the receiver's two phases read on the next passes.
      expect(pass.sent).toBe(files.length)
      await app.regulatoryFiles.runOnce()
      await app.regulatoryFiles.runOnce()
      expect(new Set((await filesOf(testDb)).map((f) => f.status))).toEqual(new Set(['quality_accepted']))
      // A day exported once is not exported again.
      expect((await app.regulatoryFiles.runOnce()).filesWritten).toBe(0)
    }, 120_000)

    it('resumes an export stopped after its first file with the same files and hashes', async () => {
      const { testDb } = await dayDb()
      const first = await appOn(testDb)
      const stopped = await first.regulatoryFiles.runOnce({ maxFiles: 1 })
      expect(stopped.filesWritten).toBe(1)
      await first.close()
      // Another instance takes over once the stopped one's lease has run out.
      const second = await appOn(testDb)
      expect((await second.regulatoryFiles.runOnce()).filesWritten).toBe(0)
      clock.time = NOW + LEASE_MS
      try {
        const resumed = await second.regulatoryFiles.runOnce()
        expect(resumed.daysFinished).toBe(1)
      } finally {
        clock.time = NOW
      }
      const hashes = (rows: FileRow[]) => rows.map((f) => [f.id, f.records, f.sha256])
      expect(hashes(await filesOf(testDb))).toEqual(hashes(await filesOf(straight.testDb)))
    }, 120_000)

    it('runs a day once when two instances start it together', async () => {
      const { testDb } = await dayDb()
      const [a, b] = [await appOn(testDb), await appOn(testDb)]
      const passes = await Promise.all([a.regulatoryFiles.runOnce(), b.regulatoryFiles.runOnce()])
      const files = await filesOf(testDb)
      expect(passes.filter((p) => p.filesWritten > 0)).toHaveLength(1)
      expect(passes[0].filesWritten + passes[1].filesWritten).toBe(files.length)
      expect(files.map((f) => f.sha256)).toEqual((await filesOf(straight.testDb)).map((f) => f.sha256))
    }, 120_000)

    it('keeps a malformed file rejected with the reasons, and accepts it made again and re-sent', async () => {
      const { app, testDb } = straight
      const k = testDb.db.kysely
      const [target] = (await filesOf(testDb)).filter((f) => f.dataset === 'bets')
      if (!target) throw new Error('no bets file')
      const broken = target.content.replace('"valorAposta"', '"valorDaAposta"')
      await k
        .updateTable('regulatory_files')
        .set({ content: broken, status: 'generated' })
        .where('id', '=', target.id)
        .execute()
      await app.regulatoryFiles.runOnce()
      await app.regulatoryFiles.runOnce()
      const risk = await signedInOperator(app, k, 'risk', clock.now(), '192.0.2.10')
      const day = await risk.call('regulatory-files/files', { day: DAY })
      const rejected = day.data.items.find((f: { id: string }) => f.id === target.id)
      expect(rejected.status).toBe('rejected')
      // The console gets each file's facts, never its content (CPFs and names of bettors).
      expect(JSON.stringify(day.data)).not.toMatch(/Apostador Número|nomeCompleto|registros"/)
      expect(rejected.reasons).toEqual(
        expect.arrayContaining([
          'hashSha256: não confere com o conteúdo',
          'registros[0].valorDaAposta: campo desconhecido',
          'registros[0].valorAposta: ausente',
        ]),
      )
      // The days list counts it and marks nothing late before 06:00.
      const days = await risk.call('regulatory-files/days', {})
      expect(days.data.items[0]).toMatchObject({ day: DAY, late: false, statuses: { rejected: 1 } })
      // Past 06:00 with that file not accepted, the day is late.
      clock.time = app.regulatoryFiles.dueAt(DAY) + 1
      try {
        expect((await app.regulatoryFiles.days(1, 10)).items[0]).toMatchObject({ day: DAY, late: true })
      } finally {
        clock.time = NOW
      }

      // Payments may look but not re-send; support may not look.
      const payments = await signedInOperator(app, k, 'payments', clock.now(), '192.0.2.11')
      expect((await payments.call('regulatory-files/days', {})).success).toBe(true)
      const refused = await payments.post('regulatory-files/resend', { fileId: target.id })
      expect(refused.statusCode).toBe(403)
      const support = await signedInOperator(app, k, 'support', clock.now(), '192.0.2.12')
      expect((await support.post('regulatory-files/files', { day: DAY })).statusCode).toBe(403)
      // An accepted file is not re-sent.
      const other = (await filesOf(testDb)).find((f) => f.status === 'quality_accepted') as FileRow
      expect(await risk.call('regulatory-files/resend', { fileId: other.id })).toMatchObject({
        success: false,
        msgCode: 'regulatory_file_not_rejected',
      })

      const resent = await risk.call('regulatory-files/resend', { fileId: target.id })
      expect(resent.success).toBe(true)
      const row = (await filesOf(testDb)).find((f) => f.id === target.id) as FileRow
      expect(row).toMatchObject({ status: 'resent', content: target.content, sha256: target.sha256 })
      const audit = await k
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'regulatory_file.resend')
        .executeTakeFirstOrThrow()
      expect(audit.object_id).toBe(target.id)
      for (let i = 0; i < 3; i++) await app.regulatoryFiles.runOnce()
      const after = (await risk.call('regulatory-files/files', { day: DAY })).data.items.find(
        (f: { id: string }) => f.id === target.id,
      )
      // Sent first as made, then broken, then made again.
      expect(after).toMatchObject({ status: 'quality_accepted', attempts: 3, reasons: [] })
    }, 120_000)
  })
}

describe('the sandbox receiver’s structure check', () => {
  const envelope = (records: Record<string, unknown>[], declared = records.length) => {
    const content = JSON.stringify({
      cabecalho: {
        versaoLeiaute: 'jl-assumed-2',
        tipoArquivo: 'APOSTADORES',
        dataReferencia: DAY,
        sequencialArquivo: 1,
        quantidadeRegistros: declared,
      },
      registros: records,
    })
    return {
      nomeArquivo: 'APOSTADORES_20260309_0001.json',
      tipoArquivo: 'APOSTADORES',
      dataReferencia: DAY,
      quantidadeRegistros: declared,
      hashSha256: sha256(content),
      conteudo: content,
    }
  }
  const bettor = (id: number) => ({
    idApostador: id,
    cpf: '12345678909',
    nomeCompleto: 'Ana Maria',
    dataHoraCadastro: '2026-03-09T15:00:00.000Z',
    dataHoraCriacaoConta: '2026-03-01T15:00:00.000Z',
    canal: null,
    genero: 'FEMININO',
    uf: 'SP',
    municipio: 'São Paulo',
    cep: '01310100',
  })

  it('accepts a well-formed file and names each fault of a malformed one', () => {
    expect(checkStructure(envelope([bettor(1), bettor(2)]))).toEqual([])
    const tooMany = Array.from({ length: MAX_RECORDS_PER_FILE + 1 }, (_, i) => bettor(i + 1))
    expect(checkStructure(envelope(tooMany))).toContain('registros: mais de 7000')
    expect(checkStructure(envelope([bettor(1)], 2))).toContain('quantidadeRegistros: não confere com os registros')
    expect(checkStructure(envelope([{ ...bettor(1), idApostador: '1', canal: 3 }]))).toEqual([
      'registros[0].idApostador: não é integer',
      'registros[0].canal: não é text',
    ])
    expect(checkStructure(envelope([{ ...bettor(1), cpf: null }]))).toEqual(['registros[0].cpf: obrigatório'])
    expect(checkStructure({ ...envelope([bettor(1)]), hashSha256: '0'.repeat(64) })).toEqual([
      'hashSha256: não confere com o conteúdo',
    ])
  })
})
