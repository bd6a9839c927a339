// What a payer's bank app fetches from a dynamic BR Code's URL: the charge as a JWS
// (`application/jose`), signed with the PSP's key, its certificate chain in the `x5c` header,
// payload per API Pix's `cobPayload` (txid, revisao, calendario, status, valor, chave) and no
// personal data. The key that signs it is published as a JWK Set (`jku`).
import { createPrivateKey, X509Certificate } from 'node:crypto'
import type { PixCharge } from '../provider.ts'
import type { SandboxPki } from './pki.ts'

export interface ChargePayload {
  txid: string
  revisao: number
  calendario: { criacao: string; apresentacao: string; expiracao: number }
  status: PixCharge['status']
  valor: { original: string }
  chave: string
}

function der(pem: string): string {
  return new X509Certificate(pem).raw.toString('base64')
}

/** Where the PSP publishes the key that signs its locations (a JWK Set), under the locations' host. */
export const JWKS_PATH = '/.well-known/jwks.json'

/** The signing key's ids: `kid` (SHA-256 of the certificate) and `x5t` (its SHA-1, base64url, RFC 7515 §4.1.7). */
function keyIds(pki: SandboxPki) {
  const serverCert = new X509Certificate(pki.server.cert)
  return {
    kid: serverCert.fingerprint256.replaceAll(':', '').toLowerCase(),
    x5t: Buffer.from(serverCert.fingerprint.replaceAll(':', ''), 'hex').toString('base64url'),
  }
}

export function chargePayload(charge: PixCharge, receiverKey: string, presentedAt: Date): ChargePayload {
  return {
    txid: charge.txid,
    revisao: charge.revisao,
    calendario: {
      criacao: charge.calendario.criacao,
      apresentacao: presentedAt.toISOString(),
      expiracao: charge.calendario.expiracao,
    },
    status: charge.status,
    valor: { original: charge.valor.original },
    chave: receiverKey,
  }
}

/**
 * The compact JWS of a charge's payload, signed ES256 by the PSP's server key. Its header names
 * the key as a payer's bank looks it up: `kid`, the certificate's thumbprint `x5t`, the JWK Set
 * URL `jku` (on the locations' host), and the chain in `x5c`.
 */
export async function signChargePayload(payload: ChargePayload, pki: SandboxPki, jku: string): Promise<string> {
  // Loaded on first use, like the certificates: the app's start-up does not pay for it.
  const { CompactSign } = await import('jose')
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({
      alg: 'ES256',
      typ: 'JOSE',
      ...keyIds(pki),
      jku,
      x5c: [der(pki.server.cert), der(pki.ca.cert)],
    })
    .sign(createPrivateKey(pki.server.key))
}

/** The JWK Set `jku` points to: the public key that signs the locations, with the same ids. */
export async function locationJwks(pki: SandboxPki) {
  const { exportJWK } = await import('jose')
  const jwk = await exportJWK(new X509Certificate(pki.server.cert).publicKey)
  return {
    keys: [{ ...jwk, use: 'sig', alg: 'ES256', ...keyIds(pki), x5c: [der(pki.server.cert), der(pki.ca.cert)] }],
  }
}
