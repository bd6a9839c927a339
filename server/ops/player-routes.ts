// The console's player view: search (user id, name, CPF, PIX key, order id) and one player's
// whole picture — verification, balances, statement, rounds, deposits and withdrawals with
// their steps, limits and exclusions with reality-check answers, the registration data (address,
// gender, sign-up address and device), devices and sessions, notes. CPFs, names, PIX keys,
// contacts and the registration data are masked unless the operator's role may see them; opening a player
// is itself recorded. Here too: freezing / unfreezing (risk, admin) and closing (admin) an
// account, each with a reason and audited in the change's own transaction; and a password reset
// for a player who forgot theirs, issued only once the server has matched the CPF and date of
// birth the player told the operator (wrong answers audited and counted per player).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { isValidCpf, normalizeCpf } from '../../contract/cpf.ts'
import type { PlayerHit } from '../../contract/ops.ts'
import {
  passwordResetIssued,
  playerClosed,
  playerFrozen,
  playerHits,
  playerNote,
  playerView,
} from '../../contract/ops-replies.ts'
import { checkPixKey, normalizePixKey, type PixKeyType } from '../../contract/pix-keys.ts'
import { formatResetCode } from '../../contract/reset-code.ts'
import { birthDate, cpfField } from '../../contract/verification.ts'
import { accountHolds, setFrozen } from '../accounts/account-holds.ts'
import { type ConfirmedContacts, confirmedContacts, maskContact } from '../accounts/contacts.ts'
import { activeSelfExclusion, limitHistory, realityCheckAnswers } from '../accounts/limits.ts'
import {
  type PlayerIdentity,
  playerDevicesAndSessions,
  playerIdentities,
  playerIdentity,
  searchPlayers,
} from '../accounts/operator-queries.ts'
import { confirmIdentity, issueResetCode, requirePasswordSet, resetIdentityKey } from '../accounts/password-change.ts'
import { findById } from '../accounts/players.ts'
import { maskRegistration, readRegistration } from '../accounts/registration.ts'
import { maskCpf, maskName } from '../accounts/verification.ts'
import { writeAudit } from '../audit/audit.ts'
import { roundHistory } from '../games/round-history.ts'
import { ok, replies } from '../http/envelope.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { wageringProgress } from '../ledger/bonus.ts'
import { readStatement } from '../ledger/statement.ts'
import {
  playerDeposits,
  playersByPaymentReference,
  playerWithdrawals,
  unsentWithdrawals,
} from '../payments/operator-queries.ts'
import { maskPixKey } from '../payments/withdrawal-orders.ts'
import { Refusal } from '../refusal.ts'
import { readLimitsView } from '../responsible-gaming/limits-view.ts'
import { addPlayerNote, playerNotes } from './operator-notes.ts'

const playerId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const reason = z.string().trim().min(1).max(200)

function shown(identity: PlayerIdentity, personal: boolean) {
  return {
    ...identity,
    fullName: identity.fullName === null ? null : personal ? identity.fullName : maskName(identity.fullName),
    cpf: identity.cpf === null ? null : personal ? identity.cpf : maskCpf(identity.cpf),
  }
}

function shownContacts(contacts: ConfirmedContacts, personal: boolean) {
  const { email, phone } = contacts
  return {
    email: email === undefined ? null : personal ? email : maskContact('email', email),
    phone: phone === undefined ? null : personal ? phone : maskContact('phone', phone),
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
      // The search reads through the read pool (a replica a few seconds behind finds the same
      // people); its audit row is written on the primary.
      // Players the search matched by an identifier this role may not search by: not shown, but logged.
      const hidden: number[] = []
      for (const { identity, matched } of await searchPlayers(app.readDb, q)) {
        // Someone who may not see CPFs may not find players by one either.
        if (matched === 'cpf' && !personal) {
          hidden.push(identity.userId)
          continue
        }
        const s = shown(identity, personal)
        hits.push({ userId: s.userId, userName: s.userName, fullName: s.fullName, cpf: s.cpf, matched })
      }
      const byPayment = await playersByPaymentReference(app.readDb, q)
      const more = await playerIdentities(
        app.readDb,
        byPayment.map((p) => p.playerId).filter((id) => !hits.some((h) => h.userId === id)),
      )
      for (const identity of more) {
        const s = shown(identity, personal)
        const matched = byPayment.find((p) => p.playerId === identity.userId)?.matched ?? 'order'
        if (matched === 'pix_key' && !personal) {
          hidden.push(identity.userId)
          continue
        }
        hits.push({ userId: s.userId, userName: s.userName, fullName: s.fullName, cpf: s.cpf, matched })
      }
      const personalQuery = personalSearch(q)
      if (personalQuery) {
        // Whom the look-up found, shown to the operator or not: a role that may not see a CPF
        // still leaves a trace of whom it looked up.
        const found = [...hits.map((hit) => hit.userId), ...hidden]
        await writeAudit(
          app.db,
          request.ops.actor,
          {
            action: 'player.search',
            objectType: 'player_search',
            objectId: found.length === 0 ? '-' : found.join(','),
            after: {
              by: personalQuery.by,
              query: personalQuery.shown,
              found,
              ...(hidden.length > 0 ? { hidden } : {}),
            },
          },
          app.clock.now(),
        )
      }
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
        contacts,
        registration,
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
        playerNotes(app.db, userId),
        accountHolds(app.db, userId),
        confirmedContacts(app.db, userId),
        readRegistration(app.db, userId),
      ])
      await writeAudit(
        app.db,
        request.ops.actor,
        { action: 'player.view', objectType: 'player', objectId: userId },
        now,
      )
      return ok({
        identity: { ...shown(identity, personal), ...shownContacts(contacts, personal) },
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
        registration: personal ? registration : maskRegistration(registration),
        ...devices,
        notes,
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
      return ok({ note: await addPlayerNote(app.db, actor, userId, body, app.clock.now()) })
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
      // One closure for every cause: the balance goes to a key in the player's own CPF first
      // (an empty account closes at once); until then the account is closing, not closed.
      const before = await accountHolds(app.db, userId)
      if (before.closedAt !== null) return ok({ holds: before, sessions: 0, devices: 0, sockets: 0 })
      const closed = await app.closure.closeByOperator(userId, actor, reason)
      const holds = await accountHolds(app.db, userId)
      return ok({
        holds,
        sessions: closed?.sessions ?? 0,
        devices: closed?.devices ?? 0,
        sockets: closed?.sockets ?? 0,
      })
    },
  )

  app.post(
    '/players/passwordReset',
    {
      config: {
        opsPermission: 'players.passwordReset',
        rateLimit: { max: app.config.loginRateLimitPerMinute, timeWindow: '1 minute' },
      },
      schema: {
        response: replies(passwordResetIssued),
        body: z.strictObject({ userId: playerId, cpf: cpfField, birthDate, reason }),
      },
    },
    async (request, reply) => {
      const { userId, cpf, birthDate: born, reason } = request.body
      const { actor } = request.ops
      if (!(await playerIdentity(app.db, userId))) throw new Refusal('player_not_found', { userId })
      requirePasswordSet(await findById(app.db, userId))
      const now = app.clock.now()
      try {
        await confirmIdentity(app.db, userId, { cpf, birthDate: born }, resetIdentityKey(userId), now)
      } catch (error) {
        // Someone trying CPFs on a player's page is what the log's reviewers must see.
        if (error instanceof Refusal)
          await writeAudit(
            app.db,
            actor,
            {
              action: 'player.password_reset_refused',
              objectType: 'player',
              objectId: userId,
              after: { msgCode: error.msgCode },
              reason,
            },
            now,
          )
        throw error
      }
      const issued = await app.db.transaction().execute(async (trx) => {
        const issued = await issueResetCode(trx, userId, actor, now)
        await writeAudit(
          trx,
          actor,
          {
            action: 'player.password_reset',
            objectType: 'player',
            objectId: userId,
            after: { identityConfirmed: true, expiresAt: issued.expiresAt, voidedEarlier: issued.voided },
            reason,
          },
          now,
        )
        return issued
      })
      const base = app.config.publicUrlSet ? app.config.publicUrl : `${request.protocol}://${request.host}`
      const code = formatResetCode(issued.code)
      // The code is a credential for a few minutes: never cached anywhere on the way.
      reply.header('cache-control', 'no-store')
      return ok({ code, link: `${base}/password-reset#${code}`, expiresAt: issued.expiresAt })
    },
  )
}
