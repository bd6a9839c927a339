// Passkeys in the browser: whether this browser can use them, and the two ceremonies (make one,
// sign with one) through SimpleWebAuthn's browser library, loaded only when a passkey is used so
// the first route stays small. The server's options go in as it made them; the answers go back
// as the library shapes them.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser'
import { ApiError, request } from './http.ts'

export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

export async function makePasskey(options: Record<string, unknown>): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await import('@simplewebauthn/browser')
  return startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON })
}

export async function signWithPasskey(options: Record<string, unknown>): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  return startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })
}

/** The login ceremony: the server's challenge, signed by a passkey the player picks. */
export async function passkeyLoginAnswer(): Promise<AuthenticationResponseJSON> {
  const envelope = await request<{ options: Record<string, unknown> }>('/v1/account/passkeys/loginOptions', {})
  if (!envelope.success || !envelope.data) throw new ApiError(envelope.msgCode, envelope.msg)
  return signWithPasskey(envelope.data.options)
}

/** True when the player closed the browser's passkey prompt (nothing to report). */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')
}
