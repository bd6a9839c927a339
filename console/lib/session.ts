// Who is signed in to the console, for every page: the operator's name, role and permissions.
import { createContext, useContext } from 'react'
import type { OperatorMe, Permission } from '../../contract/ops.ts'

export const SessionContext = createContext<{ me: OperatorMe; refresh: () => void } | null>(null)

export function useSession() {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside the signed-in console')
  return session
}

export const can = (me: OperatorMe, permission: Permission | undefined) =>
  permission === undefined || me.permissions.includes(permission)
