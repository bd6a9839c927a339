// BR Codes: the CRC against Banco Central's published example, and build → parse round trips.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BrCodeError, buildBrCode, crc16, parseBrCode } from './brcode.ts'

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

  it('builds a dynamic code that decodes back to the same amount and txid with a valid CRC', () => {
    const code = buildBrCode({
      url: 'pix.jogolimpo.local/qr/v2/cobv/abc',
      amount: 5000,
      merchantName: 'Jogo Limpo Demonstração Ltda',
      merchantCity: 'São Paulo',
      txid: 'JL0123456789ABCDEFGHIJKLMNOP',
      dynamic: true,
    })
    expect(code).toContain('5405' + '50.00')
    expect(code).toContain('0102' + '12')
    expect(crc16(code.slice(0, -4))).toBe(code.slice(-4))
    expect(parseBrCode(code)).toEqual({
      url: 'pix.jogolimpo.local/qr/v2/cobv/abc',
      amount: 5000,
      merchantName: 'Jogo Limpo Demonstracao L',
      merchantCity: 'Sao Paulo',
      txid: 'JL0123456789ABCDEFGHIJKLMNOP',
      dynamic: true,
    })
  })

  it('round-trips any amount and txid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_99 }),
        fc.stringMatching(/^[A-Za-z0-9]{26,35}$/),
        (amount, txid) => {
          const parsed = parseBrCode(
            buildBrCode({
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
  })

  it('refuses a code whose CRC or structure is wrong', () => {
    expect(() => parseBrCode(`${bcbExample.slice(0, -4)}0000`)).toThrow(BrCodeError)
    const tampered = bcbExample.replace('Fulano', 'Fulana')
    expect(() => parseBrCode(tampered)).toThrow(BrCodeError)
    expect(() => parseBrCode('hello')).toThrow(BrCodeError)
  })
})
