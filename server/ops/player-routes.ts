// The console's player view: search (user id, name, CPF, PIX key, order id) and one player's
// whole picture — verification, balances, statement, rounds, deposits and withdrawals with
// their steps, limits and exclusions with reality-check answers, devices and sessions, notes.
// CPFs, names and PIX keys are masked unless the operator's role may see them; opening a player
// is itself recorded. Here too: freezing / unfreezing (risk, admin) and closing (admin) an
// account, each with a reason and audited in the change's own transaction.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isValidCpf, normalizeCpf } from '../../contract/cpf.ts'
import type { PlayerHit } from '../../contract/ops.ts'
import { playerClosed, playerFrozen, playerHits, playerNote, playerView } from '../../contract/ops-replies.ts'
import { checkPixKey, normalizePixKey, type PixKeyType } from '../../contract/pix-keys.ts'
import { accountHolds, closeAccount, setFrozen } from '../accounts/account-holds.ts'
import { activeSelfExclusion, limitHistory, realityCheckAnswers } from '../accounts/limits.ts'
import {
  type PlayerIdentity,
  playerDevicesAndSessions,
  playerIdentities,
  playerIdentity,
  searchPlayers,
} from '../accounts/operator-queries.ts'
import { lockPlayerRow } from '../accounts/players.ts'
import { maskCpf, maskName } from '../accounts/verification.ts'
import { writeAudit } from '../audit/audit.ts'
import { roundHistory } from '../games/rounds.ts'
import { closeSessionsLaunchedWith } from '../games/sessions.ts'
import { ok, replies } from '../http/envelope.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { wageringProgress } from '../ledger/bonus.ts'
import { readStatement } from '../ledger/statement.ts'
import {
  playerDeposits,
  playersByPaymentReference,
  playerWithdrawals,
  unsentWithdrawals,
  withdrawalInFlight,
} from '../payments/operator-queries.ts'
import { maskPixKey } from '../payments/withdrawal-orders.ts'
import { Refusal } from '../refusal.ts'
import { readLimitsView } from '../responsible-gaming/limits-view.ts'

const playerId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const reason = z.string().trim().min(1).max(200)

function shown(identity: PlayerIdentity, personal: boolean) {
  return {
    ...identity,
    fullName: identity.fullName === null ? null : personal ? identity.fullName : maskName(identity.fullName),
    cpf: identity.cpf === null ? null : personal ? identity.cpf : maskCpf(identity.cpf),
  }
}

/**
 * The personal identifier a search is by, masked as the log shows it: looking a person up by
 * their CPF or a PIX key is audited with whom it found, whatever the operator may see.
 */
export function personalSearch(q: string): { by: 'cpf' | 'pix_key'; shown: string } | null {
  if (isValidCpf(normalizeCpf(q))) return { by: 'cpf', shown: maskCpf(normalizeCpf(q)) }
  const types: PixKeyType[] = ['email', 'random', 'phone']
  for (const type of types) {
    // A phone key needs 10 or 11 digits after +55 and nothing else: order ids and names are not keys.
    if (type === 'phone' && !/^\+?[\d\s().-]{10,17}$/.test(q)) continue
    if (checkPixKey(type, q) === null) return { by: 'pix_key', shown: maskPixKey(type, normalizePixKey(type, q)) }
  }
  return null
}

export const opsPlayerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/players/search',
    {
      config: { opsPermission: 'players.view' },
      schema: { response: replies(playerHits), body: z.strictObject({ q: z.string().trim().min(1).max(100) }) },
    },
    async (request) => {
      const personal = request.ops.me.permissions.includes('players.personalData')
      const { q } = request.body
      const hits: PlayerHit[] = []
      for (const { identity, matched } of await searchPlayers(app.db, q)) {
        // Someone who may not see CPFs may not find players by one either.
        if (matched === 'cpf' && !personal) continue
        const s = shown(identity, personal)
        hits.push({ userId: s.userId, userName: s.userName, fullName: s.fullName, cpf: s.cpf, matched })
      }
      const byPayment = await playersByPaymentReference(app.db, q)
      const more = await playerIdentities(
        app.db,
        byPayment.map((p) => p.playerId).filter((id) => !hits.some((h) => h.userId === id)),
      )
      for (const identity of more) {
        const s = shown(identity, personal)
        const matched = byPayment.find((p) => p.playerId === identity.userId)?.matched ?? 'order'
        if (matched === 'pix_key' && !personal) continue
        hits.push({ userId: s.userId, userName: s.userName, fullName: s.fullName, cpf: s.cpf, matched })
      }
      const personalQuery = personalSearch(q)
      if (personalQuery)
        await writeAudit(
          app.db,
          request.ops.actor,
          {
            action: 'player.search',
            objectType: 'player_search',
            objectId: hits.length === 0 ? '-' : hits.map((hit) => hit.userId).join(','),
            after: { by: personalQuery.by, query: personalQuery.shown, found: hits.map((hit) => hit.userId) },
          },
          app.clock.now(),
        )
      return ok({ hits })
    },
  )

  app.post(
    '/players/view',
    {
      config: { opsPermission: 'players.view' },
      schema: { response: replies(playerView), body: z.strictObject({ userId: playerId }) },
    },
    async (request) => {
      const { userId } = request.body
      const identity = await playerIdentity(app.db, userId)
      if (!identity) throw new Refusal('player_not_found', { userId })
      const personal = request.ops.me.permissions.includes('players.personalData')
      const now = app.clock.now()
      const [
        balances,
        wagering,
        statement,
        rounds,
        deposits,
        withdrawals,
        limits,
        exclusion,
        history,
        realityChecks,
        devices,
        notes,
        holds,
      ] = await Promise.all([
        readPlayerBalances(app.db, userId),
        wageringProgress(app.db, userId),
        readStatement(app.db, app.engine, app.ledger.accounts, userId, { pageNum: 1, pageSize: 30 }),
        roundHistory(app.db, userId, { pageNum: 1, pageSize: 20 }),
        playerDeposits(app.db, userId, { showPersonal: personal, playerCpf: identity.cpf }),
        playerWithdrawals(app.db, userId, personal, now),
        readLimitsView(app, app.db, userId),
        activeSelfExclusion(app.db, userId, now),
        limitHistory(app.db, userId),
        realityCheckAnswers(app.db, userId),
        playerDevicesAndSessions(app.db, userId, now),
        app.db
          .selectFrom('operator_notes')
          .selectAll()
          .where('player_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(100)
          .execute(),
        accountHolds(app.db, userId),
      ])
      await writeAudit(
        app.db,
        request.ops.actor,
        { action: 'player.view', objectType: 'player', objectId: userId },
        now,
      )
      return ok({
        identity: shown(identity, personal),
        balances,
        wagering,
        statement,
        rounds,
        deposits,
        withdrawals,
        limits,
        selfExclusion: exclusion,
        limitHistory: history,
        realityChecks,
        holds,
        ...devices,
        notes: notes.map((n) => ({
          id: Number(n.id),
          author: n.author,
          body: n.body,
          createdAt: Number(n.created_at),
        })),
      })
    },
  )

  app.post(
    '/players/note',
    {
      config: { opsPermission: 'players.note' },
      schema: {
        response: replies(z.object({ note: playerNote })),
        body: z.strictObject({ userId: playerId, body: z.string().trim().min(1).max(2000) }),
      },
    },
    async (request) => {
      const { userId, body } = request.body
      const { actor } = request.ops
      if (!(await playerIdentity(app.db, userId))) throw new Refusal('player_not_found', { userId })
      const now = app.clock.now()
      const note = await app.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('operator_notes')
          .values({ player_id: userId, operator_id: actor.id, author: actor.name, body, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
        await writeAudit(
          trx,
          actor,
          { action: 'player.note', objectType: 'player', objectId: userId, after: { noteId: Number(row.id), body } },
          now,
        )
        return { id: Number(row.id), author: actor.name, body, createdAt: now }
      })
      return ok({ note })
    },
  )

  app.post(
    '/players/freeze',
    {
      config: { opsPermission: 'players.freeze' },
      schema: {
        response: replies(playerFrozen),
        body: z.strictObject({ userId: playerId, frozen: z.boolean(), reason }),
      },
    },
    async (request) => {
      const { userId, frozen, reason } = request.body
      const { actor } = request.ops
      if (!(await playerIdentity(app.db, userId))) throw new Refusal('player_not_found', { userId })
      const now = app.clock.now()
      const { holds, held } = await app.db.transaction().execute(async (trx) => {
        const { before, after } = await setFrozen(trx, userId, frozen, now)
        // What a freeze keeps from the bank (or an unfreeze lets go), recorded with it.
        const held = await unsentWithdrawals(trx, userId)
        await writeAudit(
          trx,
          actor,
          {
            action: frozen ? 'player.freeze' : 'player.unfreeze',
            objectType: 'player',
            objectId: userId,
            before,
            after: { ...after, withdrawals: held.map((w) => ({ orderId: w.orderId, amount: w.amount })) },
            reason,
          },
          now,
        )
        return { holds: after, held }
      })
      // Unfrozen: what the freeze held goes to the bank now, not at the next poll.
      if (!frozen)
        for (const w of held)
          await app.payments.withdrawals
            .dispatch(w.orderId)
            .catch((error: unknown) => app.log.error({ err: error, orderId: w.orderId }, 'dispatch after unfreeze'))
      return ok({ holds, withdrawals: held })
    },
  )

  app.post(
    '/players/close',
    {
      config: { opsPermission: 'players.close' },
      schema: { response: replies(playerClosed), body: z.strictObject({ userId: playerId, reason }) },
    },
    async (request) => {
      const { userId, reason } = request.body
      const { actor } = request.ops
      if (!(await playerIdentity(app.db, userId))) throw new Refusal('player_not_found', { userId })
      const now = app.clock.now()
      const result = await app.db.transaction().execute(async (trx) => {
        // The player's row first: no login or order decision of theirs runs alongside (PostgreSQL).
        if (app.engine === 'postgres') await lockPlayerRow(trx, userId)
        const before = await accountHolds(trx, userId)
        if (before.closedAt !== null) return { holds: before, sessions: 0, devices: 0, hashes: [] as string[] }
        const balances = await readPlayerBalances(trx, userId)
        const inFlight = await withdrawalInFlight(trx, userId)
        if (balances.cash + balances.bonus + balances.withdrawalHold > 0 || inFlight !== null) {
          throw new Refusal('account_has_balance', {
            cash: balances.cash,
            bonus: balances.bonus,
            withdrawalHold: balances.withdrawalHold,
            withdrawalInFlight: inFlight,
          })
        }
        const closed = await closeAccount(trx, userId, now)
        await closeSessionsLaunchedWith(trx, closed.tokenHashes, now)
        const after = await accountHolds(trx, userId)
        await writeAudit(
          trx,
          actor,
          {
            action: 'player.close',
            objectType: 'player',
            objectId: userId,
            before,
            after: { ...after, sessions: closed.tokenHashes.length, devices: closed.devices },
            reason,
          },
          now,
        )
        return {
          holds: after,
          sessions: closed.tokenHashes.length,
          devices: closed.devices,
          hashes: closed.tokenHashes,
        }
      })
      const sockets = app.push.closeSessions(result.hashes)
      return ok({ holds: result.holds, sessions: result.sessions, devices: result.devices, sockets })
    },
  )
}
