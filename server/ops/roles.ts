// What each operator role may do. One table, read by every operator route (`requirePermission`)
// and sent to the console so it only offers what the role may do; the README lists it.
import type { OperatorRole } from '../db/schema.ts'

export const operatorRoles = ['support', 'payments', 'risk', 'admin'] as const satisfies OperatorRole[]

const everyone: OperatorRole[] = ['support', 'payments', 'risk', 'admin']

export const permissions = {
  'withdrawals.view': everyone,
  'withdrawals.review': ['payments', 'admin'],
  'players.view': everyone,
  /** The full CPF and PIX key; everyone else sees them masked. */
  'players.personalData': ['payments', 'risk', 'admin'],
  'players.note': everyone,
  'players.adjust': ['payments', 'admin'],
  'players.logout': ['support', 'risk', 'admin'],
  'players.exclusion': ['risk', 'admin'],
  /** A risk hold: play, deposits, new withdrawals and rewards refused until lifted. */
  'players.freeze': ['risk', 'admin'],
  /** Closing an account with nothing left in it; logins refused, records kept. */
  'players.close': ['admin'],
  'audit.view': ['payments', 'risk', 'admin'],
  'health.view': ['payments', 'risk', 'admin'],
  'settings.edit': ['admin'],
  'operators.manage': ['admin'],
  /** Support: the inbox and the player beside a conversation. */
  'support.view': everyone,
  /** Replying, taking / releasing / transferring, closing and reopening conversations. */
  'support.chat': ['support', 'admin'],
  /** The FAQ, notices and canned answers. */
  'support.edit': ['support', 'admin'],
  /** The feedback list, answers and closing. */
  'support.feedback': ['support', 'admin'],
} as const satisfies Record<string, OperatorRole[]>

export type Permission = keyof typeof permissions

export function may(role: OperatorRole, permission: Permission): boolean {
  return (permissions[permission] as readonly OperatorRole[]).includes(role)
}

export function permissionsOf(role: OperatorRole): Permission[] {
  return (Object.keys(permissions) as Permission[]).filter((p) => may(role, p))
}

/** Roles that must use a second factor outside the sandbox (they move money). */
export const totpRequiredRoles: readonly OperatorRole[] = ['admin', 'payments']
