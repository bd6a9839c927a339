// A deposit's BR Code as outside parties read it: two independent BR Code libraries parse it
// (pix-utils, @brazilian-utils), its QR (drawn as the app draws it, with a 4-module quiet zone)
// decodes with jsqr to the same string, and its location answers a JWS whose signature verifies
// with the sandbox PSP's certificate (issued by its CA) and whose payload is the order's charge;
// the default code's location host (SANDBOX_PIX_LOCATION_HOST) is one those parsers accept.
import { randomUUID, X509Certificate } from 'node:crypto'
import { getPixPayloadInfo, isValidPixPayload } from '@brazilian-utils/brazilian-utils'
import { compactVerify, decodeProtectedHeader, importX509 } from 'jose'
import jsQR from 'jsqr'
import { hasError, PixElementType, parsePix } from 'pix-utils'
import qrcode from 'qrcode-generator'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, engines, loginPlayer, sandboxBankOf, type TestApp } from '../../tests/support/server.ts'
import { readPlayerBalances } from '../ledger/accounts.ts'
import { buildStaticBrCode } from './brcode.ts'
import { inMemorySandboxPki } from './sandbox/pki.ts'

/** The QR as RGBA pixels, `scale` pixels a module, with the 4-module quiet zone. */
function qrPixels(text: string, scale = 4) {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const modules = qr.getModuleCount() + 8
  const size = modules * scale
  const data = new Uint8ClampedArray(size * size * 4).fill(255)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const row = Math.floor(y / scale) - 4
      const col = Math.floor(x / scale) - 4
      const dark = row >= 0 && col >= 0 && row < modules - 8 && col < modules - 8 && qr.isDark(row, col)
      if (dark) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3)
    }
  }
  return { data, size }
}

describe.each(engines)('BR Codes any bank accepts, on %s', (engine) => {
  let t: TestApp
  afterEach(async () => {
    await t.close()
  })

  it("parses in pix-utils and @brazilian-utils, decodes from its QR, and its location's JWS verifies and carries the order", async () => {
    // Bank apps want a DNS name without a port in 26-25 (as @brazilian-utils checks): a deployed PSP's.
    t = await createTestApp(engine, {}, undefined, { sandboxLocationHost: 'pix.psp.example.com.br' })
    const { post: call } = await loginPlayer(t.app, { ageConfirmed: true, verified: true })
    const order = (await call('/charge/create/order', { amount: 5000, requestId: randomUUID() })).json().data
    const code: string = order.payCode

    const utils = parsePix(code)
    if (hasError(utils)) throw new Error(`pix-utils refused the code: ${JSON.stringify(utils)}`)
    expect(utils.type).toBe(PixElementType.DYNAMIC)
    const url = (utils as { url: string }).url
    expect(url).not.toMatch(/^https?:/)
    expect(utils).toMatchObject({ merchantName: 'JOGO LIMPO', merchantCity: 'SAO PAULO' })
    expect(code.startsWith('000201010212')).toBe(true)

    expect(isValidPixPayload(code)).toBe(true)
    const info = getPixPayloadInfo(code)
    expect(info).toMatchObject({ url, pointOfInitiation: 'dynamic', merchantName: 'JOGO LIMPO' })
    expect(info?.amount).toBeUndefined()
    expect(info?.txid).toBeUndefined() // the *** marker
    expect(code).not.toMatch(/54\d\d\d+\.\d\d58/)

    const { data, size } = qrPixels(code)
    expect(jsQR(data, size, size)?.data).toBe(code)
    // The QR the API serves has the same 4-module quiet zone (cellSize 4 → margin 16).
    const svg = await t.app.inject({ method: 'GET', url: new URL(order.qrcodeUrl).pathname })
    const qr = qrcode(0, 'M')
    qr.addData(code)
    qr.make()
    expect(svg.body).toContain(`viewBox="0 0 ${(qr.getModuleCount() + 8) * 4} ${(qr.getModuleCount() + 8) * 4}"`)

    // The location lives at the PSP (the sandbox server), as the bank app fetches it.
    const location = await sandboxBankOf(t.app).inject({ method: 'GET', url: url.slice(url.indexOf('/')) })
    expect(location.headers['content-type']).toContain('application/jose')
    const header = decodeProtectedHeader(location.body)
    // Signed with the PSP's signing certificate, which names the locations' host.
    const pki = await inMemorySandboxPki(new URL(`https://${url}`).hostname)
    const [leaf, issuer] = (header.x5c ?? []).map((der) => new X509Certificate(Buffer.from(der, 'base64')))
    expect(leaf?.raw.equals(new X509Certificate(pki.signing.cert).raw)).toBe(true)
    expect(leaf?.verify(new X509Certificate(pki.ca.cert).publicKey)).toBe(true)
    expect(issuer?.raw.equals(new X509Certificate(pki.ca.cert).raw)).toBe(true)
    const verified = await compactVerify(location.body, await importX509(pki.signing.cert, 'ES256'))
    const payload = JSON.parse(new TextDecoder().decode(verified.payload))
    expect(payload).toEqual({
      txid: url.split('/').pop(),
      revisao: 0,
      calendario: {
        criacao: expect.any(String),
        apresentacao: expect.any(String),
        expiracao: 600,
      },
      status: 'ATIVA',
      valor: { original: '50.00' },
      chave: t.app.config.payments.receiverKey,
      solicitacaoPagador: 'Depósito Jogo Limpo',
    })
    expect(new X509Certificate(pki.signing.cert).checkHost(new URL(`https://${url}`).hostname)).toBeDefined()
    // A tampered signature does not verify.
    const tampered = `${location.body.slice(0, -4)}AAAA`
    await expect(compactVerify(tampered, await importX509(pki.signing.cert, 'ES256'))).rejects.toThrow()
  })

  it("the default deposit code names a location host outside parsers accept (SANDBOX_PIX_LOCATION_HOST), served by the sandbox and paid through the app's flow", async () => {
    t = await createTestApp(engine)
    const { post: call, userId } = await loginPlayer(t.app, { ageConfirmed: true, verified: true })
    const order = (await call('/charge/create/order', { amount: 2500, requestId: randomUUID() })).json().data
    const code: string = order.payCode
    const info = getPixPayloadInfo(code)
    expect(isValidPixPayload(code)).toBe(true)
    const url = info?.url as string
    expect(url.startsWith(`${t.app.config.payments.sandboxLocationHost}/qr/v2/`)).toBe(true)
    expect(t.app.config.payments.sandboxLocationHost).toBe('pix.sandbox.jogolimpo.example')
    expect(hasError(parsePix(code))).toBe(false)
    // The sandbox answers the location's path whatever host it names.
    const location = await sandboxBankOf(t.app).inject({ method: 'GET', url: url.slice(url.indexOf('/')) })
    expect(location.statusCode).toBe(200)
    expect(location.headers['content-type']).toContain('application/jose')
    // The bank reads the code by its location and pays it; the app credits the order.
    const paid = await sandboxBankOf(t.app).inject({ method: 'POST', url: '/sandbox/bank/pay', payload: { code } })
    expect(paid.json().data).toMatchObject({ paid: true })
    expect((await readPlayerBalances(t.db.kysely, userId)).cash).toBe(2500)
  })

  it('keeps field 54 and a txid of at most 25 in a static code, which both libraries read', () => {
    t = { close: async () => {} } as TestApp
    const code = buildStaticBrCode({
      key: 'pix@jogolimpo.com.br',
      amount: 1050,
      merchantName: 'Jogo Limpo Apostas Esportivas',
      merchantCity: 'São José dos Campos',
      txid: 'JL0123456789ABCDEFGHIJKLM',
    })
    expect(getPixPayloadInfo(code)).toMatchObject({
      key: 'pix@jogolimpo.com.br',
      amount: 10.5,
      txid: 'JL0123456789ABCDEFGHIJKLM',
      merchantName: 'Jogo Limpo Apostas Esport',
      merchantCity: 'Sao Jose dos Ca',
      pointOfInitiation: 'static',
    })
    const utils = parsePix(code)
    expect(hasError(utils)).toBe(false)
    expect(utils).toMatchObject({
      type: PixElementType.STATIC,
      transactionAmount: 10.5,
      txid: 'JL0123456789ABCDEFGHIJKLM',
    })
  })
})
