// A software passkey authenticator for server tests: makes P-256 credentials ("none"
// attestation, user present and verified) and signs WebAuthn assertions as a phone would, so the
// server's real checks (SimpleWebAuthn) run on real signatures. Browsers' own authenticator is
// exercised in Playwright through Chromium's virtual authenticator.
import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

interface Credential {
  id: string
  privateKey: KeyObject
  userHandle: string
  counter: number
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data))

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4)
  out.writeUInt32BE(value)
  return out
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = []
  readonly origin: string
  readonly rpId: string
  constructor(origin: string, rpId = new URL(origin).hostname) {
    this.origin = origin
    this.rpId = rpId
  }

  /** The browser's answer to registration options (`startRegistration`'s JSON). */
  register(options: { challenge: string; user: { id: string } }) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const id = randomBytes(16)
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x as string)],
        [-3, isoBase64URL.toBuffer(jwk.y as string)],
      ]),
    )
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      uint32(0),
      Buffer.alloc(16),
      Buffer.from([0, id.length]),
      id,
      Buffer.from(cose),
    ])
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    )
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: this.origin,
    })
    this.credentials.push({
      id: b64(id),
      privateKey: createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })),
      userHandle: options.user.id,
      counter: 0,
    })
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(Buffer.from(clientDataJSON)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    }
  }

  /** The browser's answer to authentication options (`startAuthentication`'s JSON), with the first allowed credential. */
  assert(options: { challenge: string; allowCredentials?: { id: string }[] }, origin = this.origin) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? []
    const credential = this.credentials.find((c) => allowed.length === 0 || allowed.includes(c.id))
    if (!credential) throw new Error('no credential for these options')
    credential.counter += 1
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), uint32(credential.counter)])
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }))
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey)
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
    }
  }
}
