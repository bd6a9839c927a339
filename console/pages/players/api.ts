// The player desk's calls: search, notes, balance adjustments (four-eyes above the limit), and the
// account actions — end sessions, a password reset code after an identity check, extend a
// self-exclusion, freeze, close.
import type { HeldWithdrawal, PlayerHit } from '../../../contract/ops.ts'
import { call } from '../../lib/api.ts'

export const searchPlayers = (q: string) => call<{ hits: PlayerHit[] }>('players/search', { q })

export const addNote = (userId: number, body: string) => call<unknown>('players/note', { userId, body })

export const adjustBalance = (body: { userId: number; amount: number; reason: string }) =>
  call<{ status: 'done' | 'pending' }>('adjust', { requestId: crypto.randomUUID(), ...body })

export const endSessions = (userId: number, reason: string) =>
  call<{ sessions: number }>('players/logout', { userId, reason })

export const extendExclusion = (body: { userId: number; until: number | null; reason: string }) =>
  call<unknown>('players/extendExclusion', body)

export const setFrozen = (body: { userId: number; frozen: boolean; reason: string }) =>
  call<{ withdrawals: HeldWithdrawal[] }>('players/freeze', body)

export const closeAccount = (userId: number, reason: string) => call<unknown>('players/close', { userId, reason })

export const startPasswordReset = (body: { userId: number; cpf: string; birthDate: string; reason: string }) =>
  call<{ code: string; link: string; expiresAt: number }>('players/passwordReset', body)
