// The account screens' calls: the
// language kept on the account, the devices signed in to it, changing the password (with the
// current one, with the verified identity, or with a code from support), and the e-mail and
// phone confirmed with a code, the address and gender of the registration, and closing the account. Logging in lives in
// lib/session.ts (the whole app needs it).
import type {
  changePasswordRequest,
  DeviceListResponse,
  forgottenPasswordRequest,
  PasswordChangedResponse,
  RevokeDeviceResponse,
  resetPasswordRequest,
  revokeDeviceRequest,
  setLangRequest,
} from '../../../contract/accounts.ts'
import type { AttributionConsentView, attributionConsentRequest } from '../../../contract/attribution.ts'
import type { ClosureInfo, ClosureStatus, closureRequest } from '../../../contract/closure.ts'
import type {
  CodeSentResponse,
  ContactsResponse,
  confirmContactRequest,
  setEmailRequest,
  setPhoneRequest,
} from '../../../contract/contacts.ts'
import type { RegistrationData, registrationDataRequest } from '../../../contract/face.ts'
import type { LiabilityProof } from '../../../contract/liabilities.ts'
import type { RequestBody } from '../../../contract/request.ts'

export interface PasskeyListView {
  passkeys: { id: number; label: string; createdAt: number; lastUsedAt: number | null }[]
}

import { call, download } from '../../lib/api.ts'
import { ApiError, request } from '../../lib/http.ts'

/** The player's passkeys, and enrolling (the password first) and revoking one (with the password). */
export const getPasskeys = () => call<PasskeyListView>('/v1/account/passkeys')
export const passkeyEnrolOptions = (password: string) =>
  call<{ options: Record<string, unknown> }>('/v1/account/passkeys/enrolOptions', { password })
export const enrolPasskey = (response: unknown) => call<{ id: number }>('/v1/account/passkeys/enrol', { response })
export const revokePasskey = (id: number, password: string) => call('/v1/account/passkeys/revoke', { id, password })

export const saveLanguage = (input: RequestBody<typeof setLangRequest>) => call('/v1/account/language', input)

export const getDevices = () => call<DeviceListResponse>('/v1/account/devices')

export const revokeDevice = (input: RequestBody<typeof revokeDeviceRequest>) =>
  call<RevokeDeviceResponse>('/v1/account/devices/revoke', input)

export const getAttributionConsent = () => call<AttributionConsentView>('/v1/attribution/consent/info', {})

export const saveAttributionConsent = (input: RequestBody<typeof attributionConsentRequest>) =>
  call<AttributionConsentView>('/v1/attribution/consent', input)

export const changePassword = (input: RequestBody<typeof changePasswordRequest>) =>
  call<PasswordChangedResponse>('/v1/account/password/change', input)

export const changeForgottenPassword = (input: RequestBody<typeof forgottenPasswordRequest>) =>
  call<PasswordChangedResponse>('/v1/account/password/forgotten', input)

/** Public: the code itself says whose account it is, and this device may be logged in to another. */
export async function resetPassword(input: RequestBody<typeof resetPasswordRequest>): Promise<PasswordChangedResponse> {
  const envelope = await request<PasswordChangedResponse>('/v1/account/password/reset', input)
  if (!envelope.success || !envelope.data) throw new ApiError(envelope.msgCode, envelope.msg, 200, envelope.data)
  return envelope.data
}

export const getContacts = () => call<ContactsResponse>('/v1/account/contacts', {})

export const setContactEmail = (input: RequestBody<typeof setEmailRequest>) =>
  call<CodeSentResponse>('/v1/account/contacts/email', input)

export const setContactPhone = (input: RequestBody<typeof setPhoneRequest>) =>
  call<CodeSentResponse>('/v1/account/contacts/phone', input)

export const confirmContact = (input: RequestBody<typeof confirmContactRequest>) =>
  call<ContactsResponse>('/v1/account/contacts/confirm', input)

/** Everything the server holds about the player, as a JSON file (LGPD art. 18). */
export const downloadMyData = () => download('/player/data/export', 'meus-dados.json')

/** The player's own leaf and path in the latest proof of liabilities (verified on the device). */
export const getLiabilityProof = () => call<LiabilityProof>('/transparency/liabilities/proof', undefined, 'GET')

/** What closing the account would do now (the balance to be paid, the key, the wait before a new account). */
export const getClosureInfo = () => call<ClosureInfo>('/v1/account/closure/info', {})

export const requestClosure = (input: RequestBody<typeof closureRequest>) =>
  call<ClosureStatus>('/v1/account/closure/request', input)

/** The address (with CEP) and gender given at registration, as the player reads them. */
export const getRegistration = () => call<RegistrationData>('/v1/account/registrationInfo', {})

export const saveRegistrationData = (input: RequestBody<typeof registrationDataRequest>) =>
  call<RegistrationData>('/v1/account/registration', input)
