// Property test: random sequences of ledger operations (transfers with reused ids, holds and
// their resolution, bonus grants, bets, wins, rollbacks) run against the real ledger and a
// simple in-memory model; every balance agrees and the invariants hold after every step.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines } from '../../tests/support/server.ts'
import { createTestLedger, type TestLedger } from '../../tests/support/test-ledger.ts'
import type { HouseAccountCode } from './accounts.ts'
import { auditLedger } from './audit.ts'
import { grantBonus } from './bonus.ts'
import { LedgerError } from './errors.ts'
import { hold, postHold, voidHold } from './holds.ts'
import { bet, rollback, win } from './wallet.ts'

type Op =
  | { op: 'fund'; p: number; id: number; amount: number }
  | { op: 'spend'; p: number; id: number; amount: number }
  | { op: 'hold'; p: number; id: number; amount: number }
  | { op: 'post'; id: number; hold: number }
  | { op: 'void'; id: number; hold: number }
  | { op: 'bonus'; p: number; id: number; amount: number; mult: number }
  | { op: 'bet'; p: number; tx: number; round: number; amount: number }
  | { op: 'win'; p: number; tx: number; round: number; amount: number }
  | { op: 'rollback'; p: number; tx: number; round: number }

const small = fc.integer({ min: 0, max: 5 })
const amount = fc.integer({ min: 1, max: 3000 })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('fund' as const), p: fc.integer({ min: 0, max: 1 }), id: small, amount }),
  fc.record({ op: fc.constant('spend' as const), p: fc.integer({ min: 0, max: 1 }), id: small, amount }),
  fc.record({ op: fc.constant('hold' as const), p: fc.integer({ min: 0, max: 1 }), id: small, amount }),
  fc.record({ op: fc.constant('post' as const), id: small, hold: small }),
  fc.record({ op: fc.constant('void' as const), id: small, hold: small }),
  fc.record({
    op: fc.constant('bonus' as const),
    p: fc.integer({ min: 0, max: 1 }),
    id: small,
    amount,
    mult: fc.constantFrom(0, 1, 3),
  }),
  fc.record({ op: fc.constant('bet' as const), p: fc.integer({ min: 0, max: 1 }), tx: small, round: small, amount }),
  fc.record({
    op: fc.constant('win' as const),
    p: fc.integer({ min: 0, max: 1 }),
    tx: small,
    round: small,
    amount: fc.integer({ min: 0, max: 6000 }),
  }),
  fc.record({ op: fc.constant('rollback' as const), p: fc.integer({ min: 0, max: 1 }), tx: small, round: small }),
)

/** The model: what every balance must be, computed the simplest way. */
class Model {
  cash = [0, 0]
  bonus = [0, 0]
  held = [0, 0]
  house: Record<string, number> = {}
  transfers = new Map<string, string>()
  holds = new Map<string, { p: number; amount: number; resolved: boolean }>()
  bets = new Map<
    string,
    { p: number; round: string; amount: number; cash: number; bonus: number; state: string; win?: string }
  >()
  wagering = [
    { required: 0, wagered: 0 },
    { required: 0, wagered: 0 },
  ]

  moveHouse(code: string, delta: number) {
    this.house[code] = (this.house[code] ?? 0) + delta
  }
  /** Returns 'new' | 'replay' | 'conflict' for an idempotent transfer id. */
  claim(id: string, content: string) {
    const seen = this.transfers.get(id)
    if (seen === undefined) {
      this.transfers.set(id, content)
      return 'new'
    }
    return seen === content ? 'replay' : 'conflict'
  }
  settle(p: number, trigger: string) {
    const w = this.wagering[p] as { required: number; wagered: number }
    const open = [...this.bets.values()].some((b) => b.p === p && b.state === 'placed' && !b.win && b.bonus > 0)
    if ((this.bonus[p] as number) === 0 && open) return
    const met = w.wagered >= w.required
    if ((this.bonus[p] as number) > 0 && met) {
      this.transfers.set(`${trigger}:bonus-to-cash`, 'conversion')
      ;(this.cash[p] as number) += 0
      this.cash[p] = (this.cash[p] as number) + (this.bonus[p] as number)
      this.bonus[p] = 0
    }
    if ((this.bonus[p] as number) === 0 || met) this.wagering[p] = { required: 0, wagered: 0 }
  }
  wager(p: number, amount: number, trigger: string) {
    const w = this.wagering[p] as { required: number; wagered: number }
    if (w.required === 0) return
    w.wagered = Math.max(0, w.wagered + amount)
    this.settle(p, trigger)
  }
}

describe.each(engines)('ledger model agreement on %s', (engine) => {
  let t: TestLedger
  beforeAll(async () => {
    t = await createTestLedger(engine)
  })
  afterAll(async () => {
    await t.drop()
  })

  async function houseBalances(): Promise<Record<string, number>> {
    const rows = await t.db.kysely
      .selectFrom('ledger_accounts')
      .select(['code', 'balance'])
      .where('player_id', 'is', null)
      .execute()
    return Object.fromEntries(rows.map((r) => [r.code, Number(r.balance)]))
  }

  it('agrees with the model on every balance after every step', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++
        const players = [await t.newPlayer(), await t.newPlayer()]
        const houseStart = await houseBalances()
        const m = new Model()
        const key = (kind: string, n: number) => `r${run}-${kind}${n}`

        for (const o of ops) {
          const pid = 'p' in o ? (players[o.p] as number) : 0
          let expectError: string | undefined
          let apply: () => Promise<unknown>
          switch (o.op) {
            case 'fund':
            case 'spend': {
              const id = key('t', o.id)
              const fund = o.op === 'fund'
              const content = `${o.op}:${o.p}:${o.amount}`
              const house: HouseAccountCode = fund ? 'adjustments' : 'game'
              const claim = m.claim(id, content)
              if (claim === 'conflict') expectError = 'idempotency_conflict'
              else if (claim === 'new') {
                if (!fund && (m.cash[o.p] as number) < o.amount) {
                  m.transfers.delete(id)
                  expectError = 'insufficient_funds'
                } else {
                  m.cash[o.p] = (m.cash[o.p] as number) + (fund ? o.amount : -o.amount)
                  m.moveHouse(house, fund ? -o.amount : o.amount)
                }
              }
              const player = { player: pid, code: 'cash' as const }
              apply = () =>
                t.ledger.transfer({
                  id,
                  debit: fund ? { house } : player,
                  credit: fund ? player : { house },
                  amount: o.amount,
                  kind: fund ? 'deposit' : 'bet',
                  reference: content,
                })
              break
            }
            case 'hold': {
              const id = key('h', o.id)
              const claim = m.claim(id, `hold:${o.p}:${o.amount}`)
              if (claim === 'conflict') expectError = 'idempotency_conflict'
              else if (claim === 'new') {
                if ((m.cash[o.p] as number) < o.amount) {
                  m.transfers.delete(id)
                  expectError = 'insufficient_funds'
                } else {
                  m.cash[o.p] = (m.cash[o.p] as number) - o.amount
                  m.held[o.p] = (m.held[o.p] as number) + o.amount
                  m.holds.set(id, { p: o.p, amount: o.amount, resolved: false })
                }
              }
              apply = () => t.ledger.transact((tx) => hold(tx, { id, playerId: pid, amount: o.amount }))
              break
            }
            case 'post':
            case 'void': {
              const id = key(o.op === 'post' ? 'ps' : 'vd', o.id)
              const holdId = key('h', o.hold)
              const h = m.holds.get(holdId)
              const content = `${o.op}:${holdId}`
              if (!h) expectError = 'hold_not_found'
              else {
                const claim = m.claim(id, content)
                if (claim === 'conflict') expectError = 'idempotency_conflict'
                else if (claim === 'new') {
                  if (h.resolved) {
                    m.transfers.delete(id)
                    expectError = 'hold_already_resolved'
                  } else {
                    h.resolved = true
                    m.held[h.p] = (m.held[h.p] as number) - h.amount
                    if (o.op === 'post') m.moveHouse('payouts', h.amount)
                    else m.cash[h.p] = (m.cash[h.p] as number) + h.amount
                  }
                }
              }
              apply = () => t.ledger.transact((tx) => (o.op === 'post' ? postHold : voidHold)(tx, { id, holdId }))
              break
            }
            case 'bonus': {
              const id = key('g', o.id)
              const claim = m.claim(id, `bonus:${o.p}:${o.amount}`)
              if (claim === 'conflict') expectError = 'idempotency_conflict'
              else if (claim === 'new') {
                m.bonus[o.p] = (m.bonus[o.p] as number) + o.amount
                m.moveHouse('promotions', -o.amount)
                const w = m.wagering[o.p] as { required: number; wagered: number }
                w.required += o.amount * o.mult
                m.settle(o.p, id)
              }
              apply = () =>
                t.ledger.transact((tx) =>
                  grantBonus(tx, {
                    id,
                    playerId: pid,
                    amount: o.amount,
                    wageringMultiplier: o.mult,
                    kind: 'new_player_gift',
                  }),
                )
              break
            }
            case 'bet': {
              const txid = key('b', o.tx)
              const round = key('round', o.round)
              const existing = m.bets.get(txid)
              if (existing) {
                if (
                  existing.state === 'placed' &&
                  (existing.p !== o.p || existing.round !== round || existing.amount !== o.amount)
                ) {
                  expectError = 'idempotency_conflict'
                }
              } else if ((m.cash[o.p] as number) + (m.bonus[o.p] as number) >= o.amount) {
                const cash = Math.min(m.cash[o.p] as number, o.amount)
                const bonus = o.amount - cash
                m.cash[o.p] = (m.cash[o.p] as number) - cash
                m.bonus[o.p] = (m.bonus[o.p] as number) - bonus
                m.moveHouse('game', o.amount)
                m.bets.set(txid, { p: o.p, round, amount: o.amount, cash, bonus, state: 'placed' })
                m.wager(o.p, o.amount, `bet:${txid}`)
              }
              apply = () =>
                t.ledger.transact((tx) =>
                  bet(tx, { playerId: pid, transactionId: txid, roundId: round, amount: o.amount }),
                )
              break
            }
            case 'win': {
              const txid = key('w', o.tx)
              const round = key('round', o.round)
              const placed = [...m.bets.values()].filter((b) => b.p === o.p && b.round === round && b.amount > 0).at(-1)
              if (placed && placed.state === 'placed') {
                if (!placed.win) {
                  const bonus = Math.floor((o.amount * placed.bonus) / placed.amount)
                  const cash = o.amount - bonus
                  m.cash[o.p] = (m.cash[o.p] as number) + cash
                  m.bonus[o.p] = (m.bonus[o.p] as number) + bonus
                  m.moveHouse('game', -o.amount)
                  placed.win = `${txid}:${o.amount}`
                  m.settle(o.p, `win:${txid}`)
                } else if (placed.win.startsWith(`${txid}:`) && placed.win !== `${txid}:${o.amount}`) {
                  expectError = 'idempotency_conflict'
                }
              }
              apply = () =>
                t.ledger.transact((tx) =>
                  win(tx, { playerId: pid, transactionId: txid, roundId: round, amount: o.amount }),
                )
              break
            }
            case 'rollback': {
              const txid = key('b', o.tx)
              const round = key('round', o.round)
              const placed = m.bets.get(txid)
              if (!placed) m.bets.set(txid, { p: o.p, round, amount: 0, cash: 0, bonus: 0, state: 'rolled_back' })
              else if (placed.p !== o.p) expectError = 'idempotency_conflict'
              else if (placed.state === 'placed' && !placed.win) {
                placed.state = 'rolled_back'
                m.cash[o.p] = (m.cash[o.p] as number) + placed.cash
                m.bonus[o.p] = (m.bonus[o.p] as number) + placed.bonus
                m.moveHouse('game', -placed.amount)
                m.wager(o.p, -placed.amount, `rollback:${txid}`)
              }
              apply = () =>
                t.ledger.transact((tx) => rollback(tx, { playerId: pid, transactionId: txid, roundId: round }))
              break
            }
          }
          if (expectError) {
            const error = await apply().then(
              () => undefined,
              (e: unknown) => e,
            )
            expect(error, JSON.stringify(o)).toBeInstanceOf(LedgerError)
            expect((error as LedgerError).code, JSON.stringify(o)).toBe(expectError)
          } else {
            await apply()
          }
          for (const [i, playerId] of players.entries()) {
            const b = await t.ledger.balances(playerId)
            expect(
              { cash: b.cash, bonus: b.bonus, held: b.withdrawalHold },
              `${JSON.stringify(o)} player ${i}`,
            ).toEqual({
              cash: m.cash[i],
              bonus: m.bonus[i],
              held: m.held[i],
            })
          }
          const house = await houseBalances()
          for (const [code, start] of Object.entries(houseStart)) {
            expect(house[code], `house ${code} after ${JSON.stringify(o)}`).toBe(start + (m.house[code] ?? 0))
          }
        }
        const audit = await auditLedger(t.db.kysely)
        expect(audit).toMatchObject({ ok: true, sumOfBalances: 0 })
      }),
      { numRuns: engine === 'sqlite' ? 150 : 60 },
    )
  }, 240_000)
})
