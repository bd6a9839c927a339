// The free wheel: one spin every WHEEL_INTERVAL_SECONDS (7200 s by default), the prize
// drawn by the server with a cryptographic RNG from the published weights, credited as bonus and
// recorded. The client sends only a requestId; repeating it answers the same spin.
import { randomInt } from 'node:crypto'
import type { WheelInfo, WheelSpin } from '../../contract/rewards.ts'
import { createOnce } from '../idempotency.ts'
import { Refusal } from '../refusal.ts'
import { creditReward, creditView, type RewardsContext, requirePromotion } from './promotions.ts'

export interface WheelPrize {
  amount: number
  weight: number
}

/** Draws a prize index in proportion to the weights (`random` is exclusive of its bound). */
export function pickPrize(prizes: WheelPrize[], random: (bound: number) => number = randomInt): number {
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0)
  let draw = random(total)
  for (const [index, prize] of prizes.entries()) {
    if (draw < prize.weight) return index
    draw -= prize.weight
  }
  throw new Error('wheel draw out of range')
}

function lastSpin(ctx: RewardsContext, playerId: number, db = ctx.db) {
  return db
    .selectFrom('wheel_spins')
    .select(['id', 'prize', 'created_at'])
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** The player's latest spin's id (0 before the first): a legacy spin without requestId derives one from it. */
export async function lastSpinId(ctx: RewardsContext, playerId: number): Promise<number> {
  return Number((await lastSpin(ctx, playerId))?.id ?? 0)
}

function nextSpinAfter(ctx: RewardsContext, spunAt: number | undefined, now: number): number | null {
  if (spunAt === undefined) return null
  const next = spunAt + ctx.config.promotions.wheel.intervalSeconds * 1000
  return next > now ? next : null
}

export async function wheelInfo(ctx: RewardsContext, playerId: number): Promise<WheelInfo> {
  const now = ctx.now()
  const { prizes, intervalSeconds } = ctx.config.promotions.wheel
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0)
  const last = await lastSpin(ctx, playerId)
  return {
    prizes: prizes.map((prize) => ({ amount: prize.amount, probability: prize.weight / total })),
    intervalSeconds,
    nextSpinAt: nextSpinAfter(ctx, last ? Number(last.created_at) : undefined, now),
    lastPrize: last ? Number(last.prize) : null,
    wageringMultiplier: ctx.config.promotions.wagering,
    serverTime: now,
  }
}

export function spinWheel(
  ctx: RewardsContext,
  playerId: number,
  requestId: string,
  random?: (bound: number) => number,
): Promise<WheelSpin> {
  const { prizes, intervalSeconds } = ctx.config.promotions.wheel
  const wagering = ctx.config.promotions.wagering
  return ctx.ledger.transact(async (tx) => {
    // One spin decision per player at a time (row locks on PostgreSQL, the write lock on SQLite).
    await tx.lockPlayer(playerId)
    return createOnce<{ prize: number; created_at: number }, WheelSpin>({
      find: () =>
        tx.trx
          .selectFrom('wheel_spins')
          .select(['prize', 'created_at'])
          .where('player_id', '=', playerId)
          .where('request_id', '=', requestId)
          .executeTakeFirst(),
      replay: async (previous) => {
        const prize = Number(previous.prize)
        return {
          ...(await creditView(tx.trx, playerId, prize, wagering)),
          prizeIndex: prizes.findIndex((p) => p.amount === prize),
          nextSpinAt: Number(previous.created_at) + intervalSeconds * 1000,
          replayed: true,
        }
      },
      create: async () => {
        await requirePromotion(tx.trx, ctx.config, 'wheel', playerId, tx.now)
        const last = await lastSpin(ctx, playerId, tx.trx)
        const wait = nextSpinAfter(ctx, last ? Number(last.created_at) : undefined, tx.now)
        if (wait !== null)
          throw new Refusal('wheel_wait', { nextSpinAt: wait, seconds: Math.ceil((wait - tx.now) / 1000) })
        const prizeIndex = pickPrize(prizes, random)
        const amount = prizes[prizeIndex]?.amount ?? 0
        const spin = await tx.trx
          .insertInto('wheel_spins')
          .values({ player_id: playerId, request_id: requestId, prize: amount, created_at: tx.now })
          .returning('id')
          .executeTakeFirstOrThrow()
        const credit = await creditReward(tx, ctx.config, {
          id: `wheel:${playerId}:${spin.id}`,
          playerId,
          kind: 'wheel_prize',
          amount,
        })
        return { ...credit, prizeIndex, nextSpinAt: tx.now + intervalSeconds * 1000, replayed: false }
      },
    })
  })
}
