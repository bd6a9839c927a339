// The account screens' calls (SPEC 2): binding a name and password to this account, the
// language kept on the account, and the devices signed in to it. Logging in lives in lib/session.ts (the whole app needs it).
import type {
  bindRequest,
  DeviceListResponse,
  RevokeDeviceResponse,
  revokeDeviceRequest,
  setLangRequest,
} from '../../../contract/accounts.ts'
import type { RequestBody } from '../../../contract/request.ts'
import { call } from '../../lib/api.ts'

export const bindLogin = (input: RequestBody<typeof bindRequest>) => call('/user/bindLoginAccount', input)

export const saveLanguage = (input: RequestBody<typeof setLangRequest>) => call('/user/setLang', input)

export const getDevices = () => call<DeviceListResponse>('/user/devices')

export const revokeDevice = (input: RequestBody<typeof revokeDeviceRequest>) =>
  call<RevokeDeviceResponse>('/user/devices/revoke', input)
