// PIX "copia e cola" BR Codes (EMV QRCPS layout per Banco Central's manual): build a payload
// for a charge and parse one back (the sandbox bank uses the parser). Fields: 00 format, 01
// point of initiation (12 = dynamic, one use), 26 merchant account (GUI br.gov.bcb.pix + key
// or charge URL), 52 category, 53 currency 986, 54 amount, 58 BR, 59 name ≤ 25, 60 city ≤ 15,
// 62-05 txid, 63 CRC16-CCITT-FALSE over everything up to and including "6304".

/** CRC16-CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor; 4 uppercase hex. */
export function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

function field(id: string, value: string): string {
  const length = new TextEncoder().encode(value).length
  if (length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 bytes`)
  return `${id}${String(length).padStart(2, '0')}${value}`
}

// Names and cities travel in a restricted character set: strip accents and anything else.
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .trim()
    .slice(0, max)
}

export interface BrCodeInput {
  /** A PIX key (static) or the charge location URL without scheme (dynamic). */
  key?: string
  url?: string
  /** Integer centavos; omitted for an open amount. */
  amount?: number
  merchantName: string
  merchantCity: string
  txid: string
  dynamic?: boolean
}

export function buildBrCode(input: BrCodeInput): string {
  if (!input.key === !input.url) throw new Error('a BR Code needs exactly one of key or url')
  if (!/^[A-Za-z0-9]{1,35}$/.test(input.txid) && input.txid !== '***') throw new Error(`invalid txid: ${input.txid}`)
  if (input.amount !== undefined && (!Number.isSafeInteger(input.amount) || input.amount <= 0)) {
    throw new Error(`invalid amount: ${input.amount}`)
  }
  const account =
    field('00', 'br.gov.bcb.pix') + (input.key ? field('01', input.key) : field('25', input.url as string))
  const body =
    field('00', '01') +
    (input.dynamic ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (input.amount !== undefined ? field('54', (input.amount / 100).toFixed(2)) : '') +
    field('58', 'BR') +
    field('59', plain(input.merchantName, 25)) +
    field('60', plain(input.merchantCity, 15)) +
    field('62', field('05', input.txid)) +
    '6304'
  return body + crc16(body)
}

export interface ParsedBrCode {
  key?: string
  url?: string
  amount?: number
  merchantName: string
  merchantCity: string
  txid: string
  dynamic: boolean
}

export class BrCodeError extends Error {}

function readFields(text: string): Map<string, string> {
  const fields = new Map<string, string>()
  let i = 0
  while (i < text.length) {
    const id = text.slice(i, i + 2)
    const length = Number(text.slice(i + 2, i + 4))
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || i + 4 + length > text.length) {
      throw new BrCodeError('malformed BR Code')
    }
    fields.set(id, text.slice(i + 4, i + 4 + length))
    i += 4 + length
  }
  return fields
}

/** Parses and checks a copia-e-cola code; throws BrCodeError when it is not a valid PIX code. */
export function parseBrCode(code: string): ParsedBrCode {
  const text = code.trim()
  if (text.length < 8 || text.slice(-8, -4) !== '6304') throw new BrCodeError('missing CRC field')
  if (crc16(text.slice(0, -4)) !== text.slice(-4).toUpperCase()) throw new BrCodeError('CRC does not match')
  const fields = readFields(text.slice(0, -8))
  if (fields.get('00') !== '01') throw new BrCodeError('unknown payload format')
  const account = readFields(fields.get('26') ?? '')
  if (account.get('00')?.toLowerCase() !== 'br.gov.bcb.pix') throw new BrCodeError('not a PIX code')
  if (fields.get('53') !== '986') throw new BrCodeError('currency is not BRL')
  const amountText = fields.get('54')
  if (amountText !== undefined && !/^\d+(\.\d{1,2})?$/.test(amountText)) throw new BrCodeError('invalid amount')
  const additional = readFields(fields.get('62') ?? '')
  const parsed: ParsedBrCode = {
    merchantName: fields.get('59') ?? '',
    merchantCity: fields.get('60') ?? '',
    txid: additional.get('05') ?? '',
    dynamic: fields.get('01') === '12',
  }
  const key = account.get('01')
  const url = account.get('25')
  if (key) parsed.key = key
  if (url) parsed.url = url
  if (amountText !== undefined) parsed.amount = Math.round(Number(amountText) * 100)
  return parsed
}
