// RFC 3161 time-stamping of the transparency chain's heads, through PKI.js and ASN.1.js (no DER
// written by hand): the request a day's hash is sent in (its SHA-256 value is the message
// imprint, with a random nonce), reading the authority's answer, and checking a token — its
// imprint is the day's hash, its CMS signature verifies, and the signer's certificate chains to a
// certificate the verifier trusts (the TSA's own, or its CA's) at the time in the token. The
// server, `npm run transparency:verify` and the tests check tokens with the same function.
import { createHash, randomBytes, webcrypto, X509Certificate } from 'node:crypto'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'

pkijs.setEngine('node', new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto as unknown as Crypto }))

export const SHA256_OID = '2.16.840.1.101.3.4.2.1'
export const TST_INFO_OID = '1.2.840.113549.1.9.16.1.4'
export const SIGNED_DATA_OID = '1.2.840.113549.1.7.2'

export interface Stamp {
  /** The TimeStampToken (ContentInfo of a SignedData), DER in base64. */
  token: string
  /** The time the authority put in it (genTime), ms. */
  stampedAt: number
}

export type TokenCheck = { ok: true; stampedAt: number } | { ok: false; problem: string }

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

function parse(der: Uint8Array): asn1js.AsnType {
  const parsed = asn1js.fromBER(toArrayBuffer(der))
  if (parsed.offset === -1) throw new Error(`not DER: ${parsed.result.error}`)
  return parsed.result
}

/** The certificates of a PEM file (one or more). */
export function certificatesFromPem(pem: string): pkijs.Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  if (blocks.length === 0) throw new Error('no certificate in the PEM text')
  return blocks.map((block) => new pkijs.Certificate({ schema: parse(new X509Certificate(block).raw) }))
}

/** A TimeStampReq for one day's hash (64 hex digits), DER; its nonce, to check the answer against. */
export function timestampRequest(hash: string): { der: Uint8Array; nonce: Uint8Array } {
  const nonce = randomBytes(8)
  // Positive and minimal as DER: the top bit clear, the next one set.
  nonce[0] = ((nonce[0] as number) & 0x7f) | 0x40
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256_OID }),
      hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(Buffer.from(hash, 'hex')) }),
    }),
    nonce: new asn1js.Integer({ valueHex: toArrayBuffer(nonce) }),
    certReq: true,
  })
  return { der: new Uint8Array(request.toSchema().toBER(false)), nonce }
}

interface ReadToken {
  signed: pkijs.SignedData
  info: pkijs.TSTInfo
}

function readToken(der: Uint8Array): ReadToken {
  const content = new pkijs.ContentInfo({ schema: parse(der) })
  if (content.contentType !== SIGNED_DATA_OID) throw new Error('the token is not CMS SignedData')
  const signed = new pkijs.SignedData({ schema: content.content })
  if (signed.encapContentInfo.eContentType !== TST_INFO_OID) throw new Error('the token does not hold a TSTInfo')
  const eContent = signed.encapContentInfo.eContent
  if (!eContent) throw new Error('the token has no TSTInfo')
  const info = new pkijs.TSTInfo({ schema: parse(new Uint8Array(eContent.getValue())) })
  return { signed, info }
}

const hex = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('hex')

/**
 * Checks a token against a day: `content` is the bytes the day's hash is taken over (its
 * imprint must be their SHA-256), `trusted` the certificates trusted for the authority.
 */
export async function checkToken(
  token: string,
  content: Uint8Array,
  trusted: readonly pkijs.Certificate[],
): Promise<TokenCheck> {
  const hash = createHash('sha256').update(content).digest('hex')
  let read: ReadToken
  try {
    read = readToken(Buffer.from(token, 'base64'))
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) }
  }
  const { signed, info } = read
  // PKI.js reads the TSTInfo from a primitive OCTET STRING only; BER allows it in pieces.
  const eContent = signed.encapContentInfo.eContent
  if (eContent?.idBlock.isConstructed)
    signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: eContent.getValue() })
  const imprint = info.messageImprint
  if (imprint.hashAlgorithm.algorithmId !== SHA256_OID) return { ok: false, problem: 'the imprint is not SHA-256' }
  if (hex(imprint.hashedMessage.getValue()) !== hash.toLowerCase())
    return { ok: false, problem: 'the token was issued for another hash (the day was changed after it was stamped)' }
  try {
    const verified = await signed.verify({
      signer: 0,
      trustedCerts: [...trusted],
      checkChain: true,
      checkDate: info.genTime,
      data: toArrayBuffer(content),
      extendedMode: true,
    })
    if (!verified.signatureVerified) return { ok: false, problem: 'the signature does not verify' }
  } catch (error) {
    const message = (error as { message?: string }).message ?? String(error)
    return {
      ok: false,
      problem: `the signature or its certificate does not verify against the trusted TSA certificate (${message})`,
    }
  }
  return { ok: true, stampedAt: info.genTime.getTime() }
}

/**
 * Asks the authority at `url` to stamp the SHA-256 of `content` (a day's hash); checks its
 * answer, and the token when `trusted` is given.
 */
export async function requestStamp(
  url: string,
  content: Uint8Array,
  options: { trusted?: readonly pkijs.Certificate[]; timeoutMs?: number } = {},
): Promise<Stamp> {
  const hash = createHash('sha256').update(content).digest('hex')
  const { der, nonce } = timestampRequest(hash)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
    body: Buffer.from(der),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  })
  if (!response.ok) throw new Error(`the TSA answered HTTP ${response.status}`)
  const reply = new pkijs.TimeStampResp({ schema: parse(new Uint8Array(await response.arrayBuffer())) })
  const status = reply.status.status
  // 0 granted, 1 granted with modifications; anything else is a refusal.
  if ((status !== 0 && status !== 1) || !reply.timeStampToken)
    throw new Error(
      `the TSA refused (status ${status}${reply.status.statusStrings?.map((s) => `: ${s.valueBlock.value}`).join('') ?? ''})`,
    )
  const tokenDer = new Uint8Array(reply.timeStampToken.toSchema().toBER(false))
  const { info } = readToken(tokenDer)
  if (!info.nonce || hex(info.nonce.valueBlock.valueHexView.slice().buffer) !== Buffer.from(nonce).toString('hex'))
    throw new Error('the TSA answered another request (nonce)')
  const token = Buffer.from(tokenDer).toString('base64')
  if (options.trusted) {
    const check = await checkToken(token, content, options.trusted)
    if (!check.ok) throw new Error(`the TSA's token does not check: ${check.problem}`)
  }
  return { token, stampedAt: info.genTime.getTime() }
}
