// The account screens' calls (SPEC 2): binding a name and password to this account, and the
// language kept on the account. Logging in lives in lib/session.ts (the whole app needs it).
import type { bindRequest, setLangRequest } from '../../../contract/accounts.ts'
import type { RequestBody } from '../../../contract/request.ts'
import { call } from '../../lib/api.ts'

export const bindLogin = (input: RequestBody<typeof bindRequest>) => call('/user/bindLoginAccount', input)

export const saveLanguage = (input: RequestBody<typeof setLangRequest>) => call('/user/setLang', input)
