// What a payer's bank app fetches from a dynamic BR Code's URL: the charge as a JWS
// (`application/jose`), signed with the PSP's signing key, its certificate chain in the `x5c`
// header, payload per API Pix's `CobPayload` (txid, revisao, calendario, status, valor, chave, and
// what the receiver put on the charge: devedor, solicitacaoPagador, infoAdicionais). The key that
// signs it is published as a JWK Set (`jku`).
import { createPrivateKey, X509Certificate } from 'node:crypto'
import type { PixCharge } from '../provider.ts'
import type { SandboxPki } from './pki.ts'

/** The charge as the location shows it: what API Pix's CobPayload holds. */
interface ChargeShown {
  txid: string
  revisao: number
  calendario: { criacao: string; expiracao: number }
  status: PixCharge['status']
  valor: { original: string; modalidadeAlteracao?: 0 | 1 }
  devedor?: { cpf: string; nome: string } | { cnpj: string; nome: string }
  solicitacaoPagador?: string
  infoAdicionais?: { nome: string; valor: string }[]
}

export interface ChargePayload {
  txid: string
  revisao: number
  calendario: { criacao: string; apresentacao: string; expiracao: number }
  status: PixCharge['status']
  valor: { original: string; modalidadeAlteracao?: 0 | 1 }
  chave: string
  devedor?: ChargeShown['devedor']
  solicitacaoPagador?: string
  infoAdicionais?: { nome: string; valor: string }[]
}

function der(pem: string): string {
  return new X509Certificate(pem).raw.toString('base64')
}

/** Where the PSP publishes the key that signs its locations (a JWK Set), under the locations' host. */
export const JWKS_PATH = '/.well-known/jwks.json'

/** The signing key's ids: `kid` (SHA-256 of the certificate) and `x5t` (its SHA-1, base64url, RFC 7515 §4.1.7). */
function keyIds(pki: SandboxPki) {
  const signingCert = new X509Certificate(pki.signing.cert)
  return {
    kid: signingCert.fingerprint256.replaceAll(':', '').toLowerCase(),
    x5t: Buffer.from(signingCert.fingerprint.replaceAll(':', ''), 'hex').toString('base64url'),
  }
}

export function chargePayload(charge: ChargeShown, receiverKey: string, presentedAt: Date): ChargePayload {
  return {
    txid: charge.txid,
    revisao: charge.revisao,
    calendario: {
      criacao: charge.calendario.criacao,
      apresentacao: presentedAt.toISOString(),
      expiracao: charge.calendario.expiracao,
    },
    status: charge.status,
    valor: charge.valor,
    chave: receiverKey,
    ...(charge.devedor ? { devedor: charge.devedor } : {}),
    ...(charge.solicitacaoPagador !== undefined ? { solicitacaoPagador: charge.solicitacaoPagador } : {}),
    ...(charge.infoAdicionais ? { infoAdicionais: charge.infoAdicionais } : {}),
  }
}

/**
 * The compact JWS of a charge's payload, signed ES256 by the PSP's signing key (its own certificate, naming the locations' host). Its header names
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
      x5c: [der(pki.signing.cert), der(pki.ca.cert)],
    })
    .sign(createPrivateKey(pki.signing.key))
}

/** The JWK Set `jku` points to: the public key that signs the locations, with the same ids. */
export async function locationJwks(pki: SandboxPki) {
  const { exportJWK } = await import('jose')
  const jwk = await exportJWK(new X509Certificate(pki.signing.cert).publicKey)
  return {
    keys: [{ ...jwk, use: 'sig', alg: 'ES256', ...keyIds(pki), x5c: [der(pki.signing.cert), der(pki.ca.cert)] }],
  }
}
