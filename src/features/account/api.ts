// The account screens' calls: the
// language kept on the account, and the devices signed in to it. Logging in lives in lib/session.ts (the whole app needs it).
import type {
  DeviceListResponse,
  RevokeDeviceResponse,
  revokeDeviceRequest,
  setLangRequest,
} from '../../../contract/accounts.ts'
import type { AttributionConsentView, attributionConsentRequest } from '../../../contract/attribution.ts'
import type { RequestBody } from '../../../contract/request.ts'
import { call } from '../../lib/api.ts'

export const saveLanguage = (input: RequestBody<typeof setLangRequest>) => call('/user/setLang', input)

export const getDevices = () => call<DeviceListResponse>('/user/devices')

export const revokeDevice = (input: RequestBody<typeof revokeDeviceRequest>) =>
  call<RevokeDeviceResponse>('/user/devices/revoke', input)

export const getAttributionConsent = () => call<AttributionConsentView>('/user/attributionConsent/info', {})

export const saveAttributionConsent = (input: RequestBody<typeof attributionConsentRequest>) =>
  call<AttributionConsentView>('/user/attributionConsent', input)
