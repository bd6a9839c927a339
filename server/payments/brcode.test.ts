// BR Codes: the CRC against Banco Central's published example, and build → parse round trips.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BrCodeError, buildDynamicBrCode, buildStaticBrCode, crc16, parseBrCode } from './brcode.ts'

// The static example from Banco Central's "Manual de Padrões para Iniciação do Pix".
const bcbExample =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D'

describe('BR Code', () => {
  it('computes CRC16-CCITT-FALSE like the published example and the standard check value', () => {
    expect(crc16(bcbExample.slice(0, -4))).toBe('1D3D')
    // The standard check value of CRC-16/CCITT-FALSE.
    expect(crc16('123456789')).toBe('29B1')
  })

  it('parses the published example', () => {
    expect(parseBrCode(bcbExample)).toEqual({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      dynamic: false,
    })
  })

  it('builds a dynamic code by the manual: 01 = 12, 26-25 URL without scheme, no 54, 62-05 = ***', () => {
    const code = buildDynamicBrCode({
      url: 'pix.jogolimpo.local/qr/v2/cobv/abc',
      merchantName: 'Jogo Limpo Demonstração Ltda',
      merchantCity: 'São Paulo',
    })
    expect(code).toContain('0102' + '12')
    expect(code).toContain('2534' + 'pix.jogolimpo.local/qr/v2/cobv/abc')
    expect(code).toContain('62070503***')
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4))
    expect(parseBrCode(code)).toEqual({
      url: 'pix.jogolimpo.local/qr/v2/cobv/abc',
      merchantName: 'Jogo Limpo Demonstracao L',
      merchantCity: 'Sao Paulo',
      txid: '***',
      dynamic: true,
    })
    expect(() =>
      buildDynamicBrCode({ url: 'https://pix.example.com/x', merchantName: 'A', merchantCity: 'B' }),
    ).toThrow()
  })

  it('round-trips any amount and txid of a static code (txid at most 25)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        (amount, txid) => {
          const parsed = parseBrCode(
            buildStaticBrCode({
              key: 'pix@jogolimpo.local',
              amount,
              merchantName: 'Jogo Limpo',
              merchantCity: 'Sao Paulo',
              txid,
            }),
          )
          expect(parsed.amount).toBe(amount)
          expect(parsed.txid).toBe(txid)
        },
      ),
    )
    expect(() =>
      buildStaticBrCode({ key: 'a@b.co', merchantName: 'A', merchantCity: 'B', txid: 'A'.repeat(26) }),
    ).toThrow()
  })

  it('refuses a code whose CRC or structure is wrong', () => {
    expect(() => parseBrCode(`${bcbExample.slice(0, -4)}0000`)).toThrow(BrCodeError)
    const tampered = bcbExample.replace('Fulano', 'Fulana')
    expect(() => parseBrCode(tampered)).toThrow(BrCodeError)
    expect(() => parseBrCode('hello')).toThrow(BrCodeError)
  })
})
