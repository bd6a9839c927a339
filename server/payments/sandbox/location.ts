// What a payer's bank app fetches from a dynamic BR Code's URL: the charge as a JWS
// (`application/jose`), signed with the PSP's key, its certificate chain in the `x5c` header,
// payload per API Pix's `cobPayload` (txid, revisao, calendario, status, valor, chave) and no
// personal data.
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

export function chargePayload(charge: PixCharge, receiverKey: string, presentedAt: Date): ChargePayload {
  return {
    txid: charge.txid,
    revisao: 0,
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

/** The compact JWS of a charge's payload, signed ES256 by the PSP's server key. */
export async function signChargePayload(payload: ChargePayload, pki: SandboxPki): Promise<string> {
  const serverCert = new X509Certificate(pki.server.cert)
  // Loaded on first use, like the certificates: the app's start-up does not pay for it.
  const { CompactSign } = await import('jose')
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({
      alg: 'ES256',
      typ: 'JOSE',
      kid: serverCert.fingerprint256.replaceAll(':', '').toLowerCase(),
      x5c: [der(pki.server.cert), der(pki.ca.cert)],
    })
    .sign(createPrivateKey(pki.server.key))
}
