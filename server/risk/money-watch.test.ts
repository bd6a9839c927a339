// The money watch through the API, on each engine: a deposit withdrawn without play raises one
// open flag per player and rule however often the request is repeated or made again; the review
// panel's call shows the deposits, rounds, payers and open flags beside the withdrawal; a case's
// notes and decision are kept once, audited, and a hold freezes the account; roles without case
// work are refused (403, audited); the export carries the case, the person (whole CPF only when
// asked by a role that sees it, audited), the operations and the reasons; thresholds are settings.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { randomCpf } from '../../contract/cpf.ts'
import { appPerTest } from '../../tests/support/app-per-test.ts'
import { manualClock } from '../../tests/support/clock.ts'
import { operatorsOf } from '../../tests/support/operators.ts'
import { engines, loginPlayer, sandboxBankOf, TEST_OPS_TOKEN } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'

const START = Date.UTC(2026, 10, 20, 15, 0)

describe.each(engines)('money watch on %s', { timeout: 120_000 }, (engine) => {
  const clock = manualClock(START)

  // Withdrawals above R$ 50 wait for review, so the order stays in flight while the test looks.
  const t = appPerTest(engine, { env: { WITHDRAW_REVIEW_ABOVE: '5000' }, clock, start: START })

  const operator = operatorsOf(t, clock)

  /** A verified player who deposits through the sandbox bank (paid by `payerCpf`, the player by default). */
  async function depositor() {
    const player = await loginPlayer(t.app, { ageConfirmed: true, verified: true, bound: true })
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
      return created.data.orderId as string
    }
    const withdraw = (amount: number, requestId = randomUUID()) =>
      player.call('/withdraw/create/order', {
        accountNumber: player.cpf,
        payType: 'cpf',
        amount,
        requestId,
        password: player.password,
      })
    return { ...player, deposit, withdraw }
  }

  const flagsOf = (playerId: number) =>
    t.db.kysely.selectFrom('risk_flags').selectAll().where('player_id', '=', playerId).execute()
  const auditOf = (action: string) =>
    t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute()

  it('a deposit withdrawn without play raises one open little_play flag, however often the request comes', async () => {
    const player = await depositor()
    const depositId = await player.deposit(10_000)
    expect((await readPlayerBalances(t.db.kysely, player.userId)).cash).toBe(10_000)
    const requestId = randomUUID()
    const first = await player.withdraw(8_000, requestId)
    expect(first.success).toBe(true)
    // The same request again (a retry): the same order, the same flag, no new hit.
    expect((await player.withdraw(8_000, requestId)).success).toBe(true)
    const flags = await flagsOf(player.userId)
    expect(flags).toHaveLength(1)
    expect(flags[0]).toMatchObject({ rule: 'little_play', status: 'open', hits: 1 })
    expect(JSON.parse(flags[0]?.reasons as string)).toEqual({
      deposits: 1,
      deposited: 10_000,
      staked: 0,
      withdrawn: 8_000,
      minPlayPercent: 50,
      lookbackDays: 7,
    })
    // The withdrawal itself stands: the money is held for it in the ledger.
    expect(await readPlayerBalances(t.db.kysely, player.userId)).toMatchObject({
      cash: 2_000,
      withdrawalHold: 8_000,
    })

    // A second withdrawal later (the first refused by review) fires the rule again: the same flag, two hits.
    const admin = await operator('admin')
    const orderId = (
      await t.db.kysely
        .selectFrom('withdrawal_orders')
        .select('id')
        .where('player_id', '=', Number(player.userId))
        .executeTakeFirstOrThrow()
    ).id
    expect(await admin.call('withdrawals/review', { orderId, decision: 'reject', reason: 'teste' })).toMatchObject({
      success: true,
    })
    clock.time += 60_000
    expect((await player.withdraw(9_000)).success).toBe(true)
    const again = await flagsOf(player.userId)
    expect(again).toHaveLength(1)
    expect(again[0]).toMatchObject({ rule: 'little_play', status: 'open', hits: 2 })
    expect(JSON.parse(again[0]?.reasons as string)).toMatchObject({ withdrawn: 9_000 })

    // Beside the withdrawal under review: the deposit with its payer, the rounds, the open flag.
    const payments = await operator('payments')
    const pending = await t.db.kysely
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('player_id', '=', Number(player.userId))
      .where('status', '=', 'review')
      .executeTakeFirstOrThrow()
    const beside = await payments.call('risk/withdrawal', { orderId: pending.id })
    expect(beside.success).toBe(true)
    expect(beside.data.activity.deposits).toEqual([
      expect.objectContaining({
        id: depositId,
        amount: 10_000,
        status: 'paid',
        payers: [{ cpf: player.cpf, isPlayer: true }],
      }),
    ])
    expect(beside.data.activity.rounds).toMatchObject({ count: 0, staked: 0, won: 0 })
    expect(beside.data.activity.payers).toEqual([{ cpf: player.cpf, isPlayer: true, deposits: 1 }])
    expect(beside.data.openFlags.map((f: { rule: string }) => f.rule)).toEqual(['little_play'])
    // Support sees the same, masked.
    const support = await operator('support')
    const masked = await support.call('risk/withdrawal', { orderId: pending.id })
    expect(masked.data.activity.payers[0].cpf).toBe(`***.***.*${player.cpf.slice(7, 9)}-${player.cpf.slice(9)}`)
  })

  it('rules run at once on one player keep one open flag per rule, every firing counted', async () => {
    const player = await depositor()
    await player.deposit(10_000)
    expect((await player.withdraw(8_000)).success).toBe(true)
    await Promise.all(['a', 'b', 'c', 'd'].map((ref) => t.app.moneyWatch.evaluate(player.userId, ref)))
    const flags = await flagsOf(player.userId)
    expect(flags.map((f) => [f.rule, f.status, Number(f.hits)])).toEqual([['little_play', 'open', 5]])
  })

  it('a player who played the deposit through is not flagged; the threshold is a setting', async () => {
    const player = await depositor()
    await player.deposit(10_000)
    const admin = await operator('admin')
    // Asking no play at all turns the rule off for the next request.
    const set = await admin.call('settings/set', { key: 'risk.minPlayPercent', value: 0, reason: 'teste' })
    expect(set.success).toBe(true)
    expect((await player.withdraw(8_000)).success).toBe(true)
    expect(await flagsOf(player.userId)).toEqual([])
    expect((await auditOf('settings.set')).at(-1)).toMatchObject({ object_id: 'risk.minPlayPercent', after: '0' })
  })

  it('many payers: deposits paid by three CPFs flag many_payers', async () => {
    const player = await depositor()
    await player.deposit(5_000)
    await player.deposit(5_000, randomCpf())
    await player.deposit(5_000, randomCpf())
    expect((await player.withdraw(2_000)).success).toBe(true)
    const rules = (await flagsOf(player.userId)).map((f) => f.rule).sort()
    expect(rules).toContain('many_payers')
  })

  it('a case: notes and one decision, audited; a hold freezes the account; other roles are refused and audited', async () => {
    const player = await depositor()
    await player.deposit(10_000)
    expect((await player.withdraw(8_000)).success).toBe(true)
    const [flag] = await flagsOf(player.userId)
    const flagId = Number(flag?.id)
    const risk = await operator('risk')
    const list = await risk.call('risk/flags', { status: 'open' })
    expect(list.data.items.map((f: { id: number }) => f.id)).toEqual([flagId])

    const noted = await risk.call('risk/note', { flagId, body: 'Depósito e saque no mesmo dia, sem jogo.' })
    expect(noted.data.notes).toEqual([
      expect.objectContaining({ author: risk.name, body: 'Depósito e saque no mesmo dia, sem jogo.' }),
    ])

    for (const role of ['support', 'payments'] as const) {
      const other = await operator(role)
      const refused = await other.post('risk/decide', { flagId, decision: 'cleared', reason: 'não' })
      expect(refused.statusCode).toBe(403)
      expect((await other.post('risk/case', { flagId })).statusCode).toBe(403)
    }
    const refusals = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'like', '%refused%')
      .execute()
    expect(refusals.length).toBeGreaterThanOrEqual(4)

    const decided = await risk.call('risk/decide', {
      flagId,
      decision: 'held',
      reason: 'Segurar até explicar a origem.',
    })
    expect(decided.data.flag).toMatchObject({ status: 'closed', decision: 'held', decidedBy: risk.name })
    expect(decided.data.player.frozen).toBe(true)
    const again = await risk.call('risk/decide', { flagId, decision: 'cleared', reason: 'de novo' })
    expect(again).toMatchObject({ success: false, msgCode: 'case_decided' })
    expect((await flagsOf(player.userId))[0]).toMatchObject({ status: 'closed', decision: 'held' })
    expect(await auditOf('risk.case_note')).toHaveLength(1)
    expect(await auditOf('risk.case_decided')).toEqual([
      expect.objectContaining({
        object_id: String(flagId),
        actor_name: risk.name,
        reason: 'Segurar até explicar a origem.',
      }),
    ])
    const order = await t.db.kysely
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('player_id', '=', Number(player.userId))
      .executeTakeFirstOrThrow()
    // The hold's freeze lists the withdrawal it keeps from the bank, as /players/freeze does.
    const freezes = await auditOf('player.freeze')
    expect(freezes).toEqual([expect.objectContaining({ object_id: String(player.userId) })])
    expect(JSON.parse(String(freezes[0]?.after))).toMatchObject({
      withdrawals: [{ orderId: order.id, amount: 8_000 }],
    })

    // The next firing opens a new flag: the closed one stays closed.
    const admin = await operator('admin')
    await admin.call('players/freeze', { userId: player.userId, frozen: false, reason: 'liberado' })
    await admin.call('withdrawals/review', { orderId: order.id, decision: 'reject', reason: 'teste' })
    expect((await player.withdraw(7_000)).success).toBe(true)
    const both = await flagsOf(player.userId)
    expect(both.map((f) => f.status).sort()).toEqual(['closed', 'open'])
  })

  it('the export: the case, the person, the operations and the reasons; the whole CPF only when asked, audited', async () => {
    const player = await depositor()
    const depositId = await player.deposit(10_000)
    expect((await player.withdraw(8_000)).success).toBe(true)
    const orderId = (
      await t.db.kysely
        .selectFrom('withdrawal_orders')
        .select('id')
        .where('player_id', '=', Number(player.userId))
        .executeTakeFirstOrThrow()
    ).id
    const flagId = Number((await flagsOf(player.userId))[0]?.id)
    const risk = await operator('risk')
    await risk.call('risk/note', { flagId, body: '=HYPERLINK("x")' })

    const masked = await risk.post('risk/export', { flagId, format: 'csv' })
    expect(masked.statusCode).toBe(200)
    expect(masked.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(masked.headers['content-disposition']).toBe(`attachment; filename="caso-${flagId}.csv"`)
    const lines = masked.body.trim().split('\r\n')
    expect(lines[0]).toBe('record,case_id,occurred_at,operation_id,kind,amount_brl,party,status,detail')
    expect(lines[1]).toMatch(new RegExp(`^case,${flagId},[^,]+,${orderId},little_play,,,open,$`))
    expect(lines).toContain(
      `person,${flagId},,${player.userId},player,,***.***.*${player.cpf.slice(7, 9)}-${player.cpf.slice(9)},active,Ana S****`,
    )
    expect(lines).toContain(`reason,${flagId},${new Date(START).toISOString()},,deposited,,,,10000`)
    expect(lines.find((l) => l.startsWith(`operation,${flagId},`) && l.includes(depositId))).toMatch(
      /,deposit,100\.00,\*\*\*/,
    )
    expect(lines.find((l) => l.includes(orderId) && l.includes(',withdrawal,'))).toMatch(/,withdrawal,80\.00,cpf:/)
    expect(lines).toContain(`play,${flagId},,,lifetime,0.00,,,rounds=0 won=0.00`)
    // A note that looks like a formula is written as text.
    expect(lines.at(-1)).toContain(`"'=HYPERLINK(""x"")"`)
    expect(masked.body).not.toContain(player.cpf)

    const full = await risk.post('risk/export', { flagId, format: 'json', fullCpf: true })
    expect(full.statusCode).toBe(200)
    const json = full.json()
    expect(json).toMatchObject({
      format: 'jogo-limpo.money-watch.case/1',
      exportedBy: risk.name,
      case: { id: flagId, rule: 'little_play', status: 'open', trigger: orderId },
      person: { playerId: player.userId, cpf: player.cpf, name: 'Ana Souza', frozen: false },
      reasons: { deposited: 10_000, staked: 0, withdrawn: 8_000 },
    })
    expect(json.operations).toEqual([
      expect.objectContaining({
        id: depositId,
        kind: 'deposit',
        amountBrl: '100.00',
        payers: [{ cpf: player.cpf, isPlayer: true }],
      }),
      expect.objectContaining({ id: orderId, kind: 'withdrawal', amountBrl: '80.00', pixKey: `cpf:${player.cpf}` }),
    ])
    expect((await auditOf('risk.case_export')).map((r) => JSON.parse(r.after as string))).toEqual([
      { playerId: player.userId, format: 'csv', fullCpf: false },
      { playerId: player.userId, format: 'json', fullCpf: true },
    ])
    // A case that does not exist: 404 with the envelope, no file.
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/ops/risk/export',
      headers: { 'x-ops-token': TEST_OPS_TOKEN },
      payload: { flagId: 999_999 },
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ success: false, msgCode: 'not_found' })
  })
})
