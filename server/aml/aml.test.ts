// AML through the API and the worker, on each engine: each reason of the risk class (a politically
// exposed person, volumes, volumes over the declared profile, other payers, payout keys,
// money-watch flags, a login from a high-risk network, an open sanctions match) sets its class with
// its figures, and an operator's periodic review moves the due clock; the sanctions list in the
// UN's XML is loaded, a listed person who verifies under another spelling and word order is frozen
// into the verification queue, a different person with a common name goes to review unfrozen, a
// changed list fetched from its URL rescreens players verified before it; the annual report's
// money comes from the ledger.

import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { operatorsOf } from '../../tests/support/operators.ts'
import { engines, loginPlayer, sandboxBankOf } from '../../tests/support/server.ts'
import { accountHolds } from '../accounts/account-holds.ts'
import { sandboxCpf } from '../accounts/identity-sandbox.ts'
import { noteSighting } from '../accounts/sightings.ts'
import { raiseFlags } from '../risk/flags.ts'
import { type AmlFacts, amlReasons } from './rules.ts'
import { startSandboxSanctionsList } from './sandbox/list-server.ts'
import { AmlService } from './service.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)
const DAY = 24 * 3600_000
const SAMPLE = readFileSync(new URL('../../tests/fixtures/un-consolidated-sample.xml', import.meta.url), 'utf8')
const SAMPLE_NEXT = readFileSync(
  new URL('../../tests/fixtures/un-consolidated-sample-next.xml', import.meta.url),
  'utf8',
)

const env = {
  AML_LOOKBACK_DAYS: '30',
  AML_VOLUME_MEDIUM: '50000',
  AML_VOLUME_HIGH: '200000',
  AML_PAYERS_MEDIUM: '1',
  AML_PAYERS_HIGH: '3',
  AML_COUNTRY_NETWORKS: 'KP:175.45.176.0/22',
  AML_REVIEW_DAYS_HIGH: '90',
  AML_FIRST_REVIEW_DAYS: '5',
}

describe.each(engines)('AML on %s', { timeout: 180_000 }, (engine) => {
  const clock = manualClock(START)
  const t = appPerTest(engine, { env, clock, start: START })
  const operator = operatorsOf(t, clock)

  async function depositor(options: { dailyLoss?: number } = {}) {
    const player = await loginPlayer(t.app, {
      ageConfirmed: true,
      verified: true,
      bound: true,
      ...(options.dailyLoss ? { registrationLimits: { dailyLoss: options.dailyLoss, dailyMinutes: 600 } } : {}),
    })
    const deposit = async (amount: number, payerCpf?: string) => {
      const created = await player.call('/charge/create/order', { amount, requestId: randomUUID() })
      expect(created.success).toBe(true)
      const paid = await sandboxBankOf(t.app).inject({
        method: 'POST',
        url: '/sandbox/bank/pay',
        payload: { code: created.data.payCode, ...(payerCpf ? { payerCpf } : {}) },
        headers: { 'content-type': 'application/json' },
      })
      expect(paid.json().success).toBe(true)
    }
    return { ...player, deposit }
  }

  const classify = async (playerId: number) => {
    const risk = await operator('risk')
    const answer = await risk.call('aml/classify', { playerId })
    expect(answer.success).toBe(true)
    return answer.data as {
      class: string
      reasons: { code: string; level: string; figures: Record<string, unknown> }[]
    }
  }
  const reason = (found: Awaited<ReturnType<typeof classify>>, code: string) =>
    found.reasons.find((r) => r.code === code)

  describe('risk classes', () => {
    it('a verified player with no money in is low risk, with no reasons and no review clock', async () => {
      const player = await depositor()
      const found = await classify(player.userId)
      expect(found).toMatchObject({ class: 'low', reasons: [], reviewDueAt: null })
    })

    it('pep: a person the identity bureau says is politically exposed is high risk once verified', async () => {
      const player = await loginPlayer(t.app, { ageConfirmed: true })
      const saved = await player.call('/charge/amount/saveUserAccountInfo', {
        fullName: 'Pedro Exposto',
        cpf: sandboxCpf('pep', 1),
        birthDate: '1970-02-02',
      })
      expect(saved.data.status).toBe('review')
      const risk = await operator('risk')
      const queue = await risk.call('verifications/queue', {})
      const decided = await risk.call('verifications/decide', { id: queue.data.items[0].id, decision: 'approve' })
      expect(decided.data.verified).toBe(true)
      const found = await classify(player.userId)
      expect(found.class).toBe('high')
      expect(reason(found, 'pep')).toMatchObject({ level: 'high' })
      // Entering the high class starts the first review's clock.
      expect((found as unknown as { reviewDueAt: number }).reviewDueAt).toBe(START + 5 * DAY)
    })

    it('volume: deposits at the medium threshold make medium, below it nothing, at the high one high', async () => {
      const below = await depositor()
      await below.deposit(49_999)
      expect((await classify(below.userId)).class).toBe('low')
      const medium = await depositor()
      await medium.deposit(50_000)
      const found = await classify(medium.userId)
      expect(found.class).toBe('medium')
      expect(reason(found, 'volume')).toMatchObject({
        level: 'medium',
        figures: { deposited: 50_000, deposits: 1, medium: 50_000, high: 200_000, days: 30 },
      })
      await medium.deposit(150_000)
      expect(reason(await classify(medium.userId), 'volume')?.level).toBe('high')
    })

    it('volume_over_profile: deposits over the declared daily loss limit × the window are medium, over 3× high', async () => {
      // R$ 10 a day declared: R$ 300 over the 30-day window.
      const player = await depositor({ dailyLoss: 1_000 })
      await player.deposit(30_000)
      expect(reason(await classify(player.userId), 'volume_over_profile')).toBeUndefined()
      await player.deposit(1_000)
      const found = await classify(player.userId)
      expect(reason(found, 'volume_over_profile')).toMatchObject({
        level: 'medium',
        figures: { deposited: 31_000, profile: 30_000, multiple: 3 },
      })
      await player.deposit(60_000)
      expect(reason(await classify(player.userId), 'volume_over_profile')?.level).toBe('high')
    })

    it('payers: a deposit paid by someone else makes medium, three other payers high', async () => {
      const player = await depositor()
      await player.deposit(1_000)
      expect(reason(await classify(player.userId), 'payers')).toBeUndefined()
      await player.deposit(1_000, randomCpf())
      const found = await classify(player.userId)
      expect(reason(found, 'payers')).toMatchObject({ level: 'medium', figures: { otherPayers: 1 } })
      await player.deposit(1_000, randomCpf())
      await player.deposit(1_000, randomCpf())
      const high = await classify(player.userId)
      expect(high.class).toBe('high')
      expect(reason(high, 'payers')).toMatchObject({ level: 'high', figures: { otherPayers: 3 } })
    })

    it('money_watch: an open flag makes medium; a case reported to COAF makes high', async () => {
      const player = await depositor()
      expect(reason(await classify(player.userId), 'money_watch')).toBeUndefined()
      await raiseFlags(
        t.db.kysely,
        player.userId,
        [{ rule: 'many_payers', reasons: { payers: 4, notThePlayer: 3, maxPayers: 3, lookbackDays: 7 } }],
        'test',
        clock.now(),
      )
      const found = await classify(player.userId)
      expect(reason(found, 'money_watch')).toMatchObject({
        level: 'medium',
        figures: { flags: 1, open: 1, reported: 0 },
      })
      const flag = await t.db.kysely.selectFrom('risk_flags').select('id').executeTakeFirstOrThrow()
      const risk = await operator('risk')
      const decided = await risk.call('risk/decide', { flagId: Number(flag.id), decision: 'reported', reason: 'COAF' })
      expect(decided.success).toBe(true)
      expect(reason(await classify(player.userId), 'money_watch')?.level).toBe('high')
    })

    it('country: a login from a high-risk network makes high; from any other address nothing', async () => {
      const player = await depositor()
      await noteSighting(
        t.db.kysely,
        { playerId: player.userId, deviceId: 'd1', address: '175.45.175.255' },
        clock.now(),
      )
      expect(reason(await classify(player.userId), 'country')).toBeUndefined()
      await noteSighting(t.db.kysely, { playerId: player.userId, deviceId: 'd1', address: '175.45.176.9' }, clock.now())
      const found = await classify(player.userId)
      expect(found.class).toBe('high')
      expect(reason(found, 'country')).toMatchObject({ level: 'high', figures: { countries: 'KP' } })
    })

    it('payout_keys: two keys make medium, four high, one nothing (the rule over the facts)', () => {
      const facts: AmlFacts = {
        pep: false,
        deposited: 0,
        deposits: 0,
        declaredMonthly: null,
        otherPayers: 0,
        payoutKeys: 1,
        flags: 0,
        openFlags: 0,
        reportedCases: 0,
        addresses: [],
        sanctionsMatches: 0,
      }
      const thresholds = t.app.aml.thresholds
      expect(amlReasons(facts, thresholds)).toEqual([])
      expect(amlReasons({ ...facts, payoutKeys: 2 }, thresholds)).toEqual([
        { code: 'payout_keys', level: 'medium', figures: { payoutKeys: 2, medium: 2, high: 4, days: 30 } },
      ])
      expect(amlReasons({ ...facts, payoutKeys: 4 }, thresholds)[0]?.level).toBe('high')
    })

    it('the worker classifies every verified player; the worklist shows high risk with its clock, a review moves it', async () => {
      const low = await depositor()
      const high = await depositor()
      await high.deposit(250_000)
      const turn = await t.app.aml.tick()
      expect(turn?.classified).toBe(2)
      const risk = await operator('risk')
      const list = await risk.call('aml/worklist', {})
      expect(list.data.counts).toEqual({ low: 1, medium: 0, high: 1 })
      expect(list.data.items.map((i: { playerId: number }) => i.playerId)).toEqual([high.userId])
      expect(list.data.items[0]).toMatchObject({ class: 'high', reviewDueAt: START + 5 * DAY, playerName: 'Ana Souza' })
      expect(low.userId).not.toBe(high.userId)
      // Overdue: the console counts it as waiting work.
      clock.time = START + 6 * DAY
      // (a new session: the first one has idled out meanwhile)
      const later = await operator('risk')
      const pending = await later.call('pending')
      expect(pending.data.amlReviews).toBe(1)
      const reviewed = await later.call('aml/review', {
        playerId: high.userId,
        outcome: 'keep',
        note: 'Renda comprovada',
      })
      expect(reviewed.data).toMatchObject({ reviewedAt: clock.now(), reviewDueAt: clock.now() + 90 * DAY })
      const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'aml.review').execute()
      expect(audit).toHaveLength(1)
      // A support operator may not work AML cases.
      const support = await operator('support')
      expect((await support.post('aml/worklist', {})).statusCode).toBe(403)
    })
  })

  describe('sanctions screening', () => {
    const verify = async (fullName: string, birthDate: string) => {
      const player = await loginPlayer(t.app, { ageConfirmed: true })
      const saved = await player.call('/charge/amount/saveUserAccountInfo', { fullName, cpf: randomCpf(), birthDate })
      expect(saved.success).toBe(true)
      return player
    }
    const matchesOf = (playerId: number) =>
      t.db.kysely.selectFrom('sanctions_matches').selectAll().where('player_id', '=', playerId).execute()
    const reviewsOf = (playerId: number) =>
      t.db.kysely.selectFrom('verification_reviews').selectAll().where('player_id', '=', playerId).execute()

    it('a listed person verifying under another spelling and word order is frozen into the verification queue', async () => {
      const loaded = await t.app.aml.loadList(SAMPLE, 'test')
      expect(loaded).toMatchObject({
        changed: true,
        list: { individuals: 4, generatedAt: '2026-11-20T08:00:04.113-05:00' },
      })
      const player = await verify('Yusuf Mohammed Al Qahtani', '1975-04-12')
      expect(await matchesOf(player.userId)).toMatchObject([
        { reference: 'QDi.901', strength: 'strong', status: 'frozen', listed_name: 'MUHAMMAD YUSUF AL-QAHTANI' },
      ])
      expect((await accountHolds(t.db.kysely, player.userId)).frozenAt).toBe(clock.now())
      expect(await reviewsOf(player.userId)).toMatchObject([{ reason: 'sanctions', status: 'open' }])
      // Accents and case do not count either: Jérôme through his alias, born within the listed years.
      const jerome = await verify('JEROME KANYAMBO', '1971-06-30')
      expect(await matchesOf(jerome.userId)).toMatchObject([{ reference: 'CDi.903', strength: 'strong' }])
      // The risk class says why.
      const found = await classify(player.userId)
      expect(reason(found, 'sanctions_review')).toMatchObject({ level: 'high', figures: { matches: 1 } })
    })

    it('a different person with a common listed name goes to review, not frozen; an operator clears it', async () => {
      await t.app.aml.loadList(SAMPLE, 'test')
      const player = await verify('Ali Hasan', '1990-01-15')
      const [match] = await matchesOf(player.userId)
      expect(match).toMatchObject({ reference: 'QDi.902', strength: 'weak', status: 'open' })
      expect((await accountHolds(t.db.kysely, player.userId)).frozenAt).toBeNull()
      expect(await reviewsOf(player.userId)).toEqual([])
      // Someone whose name only shares a word with the list is not a match at all.
      const other = await verify('Ana Kim Souza', '1980-03-15')
      expect(await matchesOf(other.userId)).toEqual([])

      const risk = await operator('risk')
      const page = await risk.call('aml/screening', {})
      expect(page.data).toMatchObject({ total: 1, pending: 0, list: { individuals: 4 } })
      expect(page.data.items[0]).toMatchObject({ playerId: player.userId, strength: 'weak', listedBirth: '1968' })
      const cleared = await risk.call('aml/screening/decide', {
        id: Number(match?.id),
        decision: 'clear',
        reason: 'Nascido em 1990; o listado, por volta de 1968',
      })
      expect(cleared.data).toEqual({ id: Number(match?.id), status: 'cleared' })
      const again = await risk.call('aml/screening/decide', { id: Number(match?.id), decision: 'confirm', reason: 'x' })
      expect(again.msgCode).toBe('sanctions_match_taken')
      expect((await accountHolds(t.db.kysely, player.userId)).frozenAt).toBeNull()
    })

    it('a changed list fetched from its URL rescreens the players verified before it', async () => {
      const published = await startSandboxSanctionsList({
        port: 0,
        host: '127.0.0.1',
        file: new URL('../../tests/fixtures/un-consolidated-sample.xml', import.meta.url).pathname,
      })
      try {
        await t.app.close()
        const { createTestApp } = await import('../../tests/support/server.ts')
        const fresh = await createTestApp(engine, { ...env, SANCTIONS_LIST_URL: published.url }, clock)
        try {
          const app = fresh.app
          expect(await app.aml.pollList()).toBe(true)
          const player = await loginPlayer(app, { ageConfirmed: true })
          const saved = await player.call('/charge/amount/saveUserAccountInfo', {
            fullName: 'Sergey Ivanovich Petrov',
            cpf: randomCpf(),
            birthDate: '1972-09-01',
          })
          expect(saved.data.status).toBe('verified')
          const holds = () => accountHolds(fresh.db.kysely, player.userId)
          expect((await holds()).frozenAt).toBeNull()
          // The UN adds him; the next poll (a day later) finds the change and the sweep rescreens.
          const put = await fetch(`${published.base}/sandbox/list`, { method: 'POST', body: SAMPLE_NEXT })
          expect(put.status).toBe(204)
          expect(await app.aml.pollList()).toBe(false)
          clock.time += DAY
          const turn = await app.aml.tick()
          expect(turn?.screened.frozen).toEqual([player.userId])
          expect((await holds()).frozenAt).toBe(clock.now())
          const matches = await fresh.db.kysely.selectFrom('sanctions_matches').selectAll().execute()
          expect(matches).toMatchObject([{ player_id: player.userId, reference: 'KPi.905', strength: 'strong' }])
          // The same list again (no validators): nothing changes.
          expect((await app.aml.loadList(SAMPLE_NEXT, 'again')).changed).toBe(false)
        } finally {
          await fresh.close()
        }
      } finally {
        await published.close()
      }
    })

    it("the worker's turn takes a lease: of two instances on one database, the second skips its turn while the first runs", async () => {
      let release = () => {}
      const gate = new Promise<void>((resolve) => {
        release = resolve
      })
      let fetches = 0
      // A list server that answers slowly: the first instance's turn is held inside its poll.
      const source = {
        async fetchList() {
          fetches++
          await gate
          return null
        },
      }
      const now = () => clock.now()
      const first = new AmlService(t.db.kysely, t.app.config, now, source, 'instance-a')
      const second = new AmlService(t.db.kysely, t.app.config, now, source, 'instance-b')
      const running = first.tick()
      await vi.waitFor(() => expect(fetches).toBe(1))
      const skipped = await Promise.race([
        second.tick(),
        new Promise((resolve) => setTimeout(() => resolve('ran beside the first'), 2000)),
      ])
      expect(skipped).toBeNull()
      expect(fetches).toBe(1)
      release()
      expect(await running).toMatchObject({ classified: 0 })
      // The first turn gave the lease back: the second instance's next turn runs (the poll is not due).
      expect(await second.tick()).toMatchObject({ classified: 0 })
      expect(fetches).toBe(1)
    })

    it('a file that is not the list is refused and nothing changes', async () => {
      await expect(t.app.aml.loadList('<html><body>no</body></html>', 'x')).rejects.toMatchObject({
        msgCode: 'sanctions_list_invalid',
      })
      await expect(t.app.aml.loadList('<CONSOLIDATED_LIST><INDIVIDUALS>', 'x')).rejects.toMatchObject({
        msgCode: 'sanctions_list_invalid',
      })
      expect(await t.db.kysely.selectFrom('sanctions_lists').selectAll().execute()).toEqual([])
    })
  })

  describe('annual report', () => {
    it("is made from the ledger's transfers of the year, once the year is over", async () => {
      const player = await depositor()
      await player.deposit(12_000)
      await player.deposit(1_000)
      await t.app.aml.tick()
      const risk = await operator('risk')
      const early = await risk.post('aml/report', { year: 2026 })
      expect(early.json().msgCode).toBe('aml_report_year_open')
      clock.time = Date.UTC(2027, 0, 10, 15, 0)
      const next = await operator('risk')
      const answer = await next.post('aml/report', { year: 2026, format: 'json' })
      expect(answer.statusCode).toBe(200)
      const report = answer.json()
      expect(report).toMatchObject({
        format: 'jogo-limpo/aml-annual-report/1',
        year: 2026,
        dueBy: '2027-02-01',
        money: { deposits: { amount: 13_000, count: 2 }, withdrawals: { amount: 0, count: 0 } },
        bettorsByClass: { low: 1, medium: 0, high: 0 },
      })
      const ledger = await t.db.kysely
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.sum<number>('amount').as('sum'))
        .where('kind', '=', 'deposit')
        .executeTakeFirstOrThrow()
      expect(report.money.deposits.amount).toBe(Number(ledger.sum))
      const csv = await next.post('aml/report', { year: 2026, format: 'csv' })
      expect(csv.headers['content-type']).toContain('text/csv')
      expect(csv.body).toContain('money,deposits_amount_centavos,13000\n')
      const kept = await t.db.kysely.selectFrom('aml_reports').selectAll().execute()
      expect(kept).toMatchObject([{ year: 2026 }])
    })
  })
})
