// The operator's own session: sign in and out, who is signed in, first-time setup from a link,
// and the second factor's enrolment.
import type { OperatorMe, SetupInfo, TotpEnrolment } from '../../../contract/ops.ts'
import { call } from '../../lib/api.ts'

export const signIn = (body: { email: string; password: string; totp?: string }) =>
  call<OperatorMe>('session/login', body)

export const currentOperator = () => call<OperatorMe>('session/me')

export const signOut = () => call<unknown>('session/logout')

export const setupInfo = (token: string) => call<SetupInfo>('session/setupInfo', { token })

export const completeSetup = (body: { token: string; password: string; email?: string; name?: string }) =>
  call<unknown>('session/setup', body)

export const startTotpEnrolment = () => call<TotpEnrolment>('session/totp/start')

export const confirmTotp = (code: string) => call<unknown>('session/totp/confirm', { code })
