// What each operator role may do, as the operator routes ask it (`requirePermission`): the table
// itself is contract/ops.ts's, shared with the console, which offers only what the role may do;
// the README lists it.
import { type OperatorRole, type Permission, permissions } from '../../contract/ops.ts'

export function may(role: OperatorRole, permission: Permission): boolean {
  return (permissions[permission] as readonly OperatorRole[]).includes(role)
}

export function permissionsOf(role: OperatorRole): Permission[] {
  return (Object.keys(permissions) as Permission[]).filter((p) => may(role, p))
}

/** Roles that must use a second factor outside the sandbox (they move money). */
export const totpRequiredRoles: readonly OperatorRole[] = ['admin', 'payments']
