// The sandbox time-stamping authority: an RFC 3161 TSA over HTTP (POST application/timestamp-query,
// answers application/timestamp-reply) that `npm start` runs beside the app when no
// TRANSPARENCY_TSA_URL is set, like the sandbox PSP. Its CA and its signing certificate (extended
// key usage timeStamping, critical) and key are made with PKI.js at first start in its folder
// under DATA_DIR and kept; the CA's certificate is what a verifier trusts (ca.pem). Tokens carry
// the TSTInfo, the signing certificate, and the signed attributes RFC 3161/5816 ask for
// (content type, message digest, signingCertificateV2), so OpenSSL's `ts -verify` accepts them too.
import { createHash, randomBytes, webcrypto, X509Certificate } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import * as asn1js from 'asn1js'
import * as pkijs from 'pkijs'
import { SIGNED_DATA_OID, TST_INFO_OID } from '../tsa.ts'

const subtle = webcrypto.subtle
const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const
/** The sandbox's policy (an arc under the private-enterprise example arc: it names nothing real). */
export const SANDBOX_TSA_POLICY = '1.3.6.1.4.1.32473.1.1'

export interface SandboxTsa {
  url: string
  /** The CA certificate to trust for this sandbox's tokens (PEM file). */
  caFile: string
  close(): Promise<void>
}

const buffer = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END ${label}-----\n`

const unpem = (text: string) => Buffer.from(text.replace(/-----[^-]+-----|\s/g, ''), 'base64')

function name(common: string): pkijs.RelativeDistinguishedNames {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: common }) }),
    ],
  })
}

const extension = (extnID: string, critical: boolean, value: asn1js.AsnType | { toSchema(): asn1js.AsnType }) =>
  new pkijs.Extension({ extnID, critical, extnValue: ('toSchema' in value ? value.toSchema() : value).toBER(false) })

async function certificate(options: {
  subject: string
  issuer: string
  publicKey: CryptoKey
  signingKey: CryptoKey
  ca: boolean
}): Promise<pkijs.Certificate> {
  const cert = new pkijs.Certificate()
  cert.version = 2
  cert.serialNumber = new asn1js.Integer({ valueHex: buffer(Buffer.concat([Buffer.from([0x01]), randomBytes(8)])) })
  cert.subject = name(options.subject)
  cert.issuer = name(options.issuer)
  const now = Date.now()
  cert.notBefore.value = new Date(now - 60 * 60_000)
  cert.notAfter.value = new Date(now + 20 * 365 * 24 * 60 * 60_000)
  cert.extensions = options.ca
    ? [
        extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: true })),
        // keyCertSign and cRLSign (bits 5 and 6).
        extension('2.5.29.15', true, new asn1js.BitString({ valueHex: buffer(Uint8Array.of(0x06)), unusedBits: 1 })),
      ]
    : [
        extension('2.5.29.19', true, new pkijs.BasicConstraints({ cA: false })),
        // digitalSignature (bit 0).
        extension('2.5.29.15', true, new asn1js.BitString({ valueHex: buffer(Uint8Array.of(0x80)), unusedBits: 7 })),
        // RFC 3161 2.3: the one extended key usage, id-kp-timeStamping, critical.
        extension('2.5.29.37', true, new pkijs.ExtKeyUsage({ keyPurposes: ['1.3.6.1.5.5.7.3.8'] })),
      ]
  await cert.subjectPublicKeyInfo.importKey(options.publicKey)
  await cert.sign(options.signingKey, 'SHA-256')
  return cert
}

interface Identity {
  cert: pkijs.Certificate
  certDer: Buffer
  key: CryptoKey
}

/** The sandbox's CA and signing identity: made on first start in `dir`, read from it after. */
async function identity(dir: string): Promise<Identity> {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const files = { ca: path.join(dir, 'ca.pem'), cert: path.join(dir, 'tsa.pem'), key: path.join(dir, 'tsa-key.pem') }
  if (!existsSync(files.key)) {
    const ca = (await subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair
    const tsa = (await subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair
    const caSubject = 'Jogo Limpo sandbox TSA CA'
    const caCert = await certificate({
      subject: caSubject,
      issuer: caSubject,
      publicKey: ca.publicKey,
      signingKey: ca.privateKey,
      ca: true,
    })
    const tsaCert = await certificate({
      subject: 'Jogo Limpo sandbox TSA',
      issuer: caSubject,
      publicKey: tsa.publicKey,
      signingKey: ca.privateKey,
      ca: false,
    })
    writeFileSync(files.ca, pem('CERTIFICATE', caCert.toSchema().toBER(false)))
    writeFileSync(files.cert, pem('CERTIFICATE', tsaCert.toSchema().toBER(false)))
    // The CA's key is not kept: the sandbox never issues another certificate.
    writeFileSync(files.key, pem('PRIVATE KEY', await subtle.exportKey('pkcs8', tsa.privateKey)), { mode: 0o600 })
  }
  const certDer = Buffer.from(new X509Certificate(readFileSync(files.cert, 'utf8')).raw)
  const cert = new pkijs.Certificate({ schema: asn1js.fromBER(buffer(certDer)).result })
  const key = await subtle.importKey('pkcs8', unpem(readFileSync(files.key, 'utf8')), EC, false, ['sign'])
  return { cert, certDer, key: key as unknown as CryptoKey }
}

function attribute(type: string, value: asn1js.AsnType): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] })
}

/** A TimeStampResp for a request (DER): granted with a signed token, or refused with a reason. */
export async function answer(requestDer: Uint8Array, id: Identity, at: Date): Promise<Uint8Array> {
  const refuse = (failInfo: string) =>
    new Uint8Array(
      new pkijs.TimeStampResp({
        status: new pkijs.PKIStatusInfo({ status: 2, statusStrings: [new asn1js.Utf8String({ value: failInfo })] }),
      })
        .toSchema()
        .toBER(false),
    )
  const parsed = asn1js.fromBER(buffer(requestDer))
  if (parsed.offset === -1) return refuse('badDataFormat')
  let request: pkijs.TimeStampReq
  try {
    request = new pkijs.TimeStampReq({ schema: parsed.result })
  } catch {
    return refuse('badDataFormat')
  }
  if (request.messageImprint.hashAlgorithm.algorithmId !== '2.16.840.1.101.3.4.2.1') return refuse('badAlg')
  if (request.messageImprint.hashedMessage.getValue().byteLength !== 32) return refuse('badDataFormat')
  if (request.reqPolicy && request.reqPolicy !== SANDBOX_TSA_POLICY) return refuse('unacceptedPolicy')

  const info = new pkijs.TSTInfo({
    version: 1,
    policy: SANDBOX_TSA_POLICY,
    messageImprint: request.messageImprint,
    serialNumber: new asn1js.Integer({ valueHex: buffer(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])) }),
    genTime: at,
    ordering: false,
    ...(request.nonce ? { nonce: request.nonce } : {}),
  })
  const content = info.toSchema().toBER(false)
  const signed = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: TST_INFO_OID,
      eContent: new asn1js.OctetString({ valueHex: content }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: id.cert.issuer, serialNumber: id.cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            attribute('1.2.840.113549.1.9.3', new asn1js.ObjectIdentifier({ value: TST_INFO_OID })),
            attribute(
              '1.2.840.113549.1.9.4',
              new asn1js.OctetString({ valueHex: buffer(createHash('sha256').update(Buffer.from(content)).digest()) }),
            ),
            // signingCertificateV2 (RFC 5035): the SHA-256 of the signing certificate (algorithm by default).
            attribute(
              '1.2.840.113549.1.9.16.2.47',
              new asn1js.Sequence({
                value: [
                  new asn1js.Sequence({
                    value: [
                      new asn1js.Sequence({
                        value: [
                          new asn1js.OctetString({
                            valueHex: buffer(createHash('sha256').update(id.certDer).digest()),
                          }),
                        ],
                      }),
                    ],
                  }),
                ],
              }),
            ),
          ],
        }),
      }),
    ],
    ...(request.certReq ? { certificates: [id.cert] } : {}),
  })
  // PKI.js splits eContent into a constructed string; DER (and PKI.js's own verifier) want it whole.
  signed.encapContentInfo.eContent = new asn1js.OctetString({ valueHex: content })
  await signed.sign(id.key, 0, 'SHA-256')
  const reply = new pkijs.TimeStampResp({
    status: new pkijs.PKIStatusInfo({ status: 0 }),
    timeStampToken: new pkijs.ContentInfo({ contentType: SIGNED_DATA_OID, content: signed.toSchema(true) }),
  })
  return new Uint8Array(reply.toSchema().toBER(false))
}

/** Starts the sandbox TSA on `port` (0: any free one), its identity kept in `dir`. */
export async function startSandboxTsa(options: {
  dir: string
  port: number
  host?: string
  now?: () => number
}): Promise<SandboxTsa> {
  const id = await identity(options.dir)
  const now = options.now ?? Date.now
  const host = options.host ?? '127.0.0.1'
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.headers['content-type'] !== 'application/timestamp-query') {
      res
        .writeHead(req.method === 'POST' ? 415 : 405, { 'content-type': 'text/plain' })
        .end('POST an RFC 3161 TimeStampReq (application/timestamp-query)\n')
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > 64 * 1024) req.destroy()
      else chunks.push(chunk)
    })
    req.on('end', () => {
      answer(new Uint8Array(Buffer.concat(chunks)), id, new Date(now()))
        .then((reply) => res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply))
        .catch(() => res.writeHead(500).end())
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, resolve)
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    url: `http://${host}:${port}/tsa`,
    caFile: path.join(options.dir, 'ca.pem'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
