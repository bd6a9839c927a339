// PIX "copia e cola" BR Codes (EMV QRCPS layout per Banco Central's Manual de Padrões para
// Iniciação do Pix): build a payload for a charge and parse one back (the sandbox bank uses the
// parser). Fields: 00 format, 01 point of initiation (12 = one use, every dynamic code), 26
// merchant account (GUI br.gov.bcb.pix + key (static) or the charge's location URL without
// scheme (dynamic, 26-25)), 52 category, 53 currency 986, 54 amount (static only: a dynamic
// code's amount lives at its location), 58 BR, 59 name ≤ 25, 60 city ≤ 15 (ASCII), 62-05 txid
// (≤ 25; `***` in a dynamic code, whose txid lives at its location), 63 CRC16-CCITT-FALSE over
// everything up to and including "6304".

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

/** A dynamic code: the payer's bank fetches the charge (a JWS) from `url`. */
export interface DynamicBrCodeInput {
  /** The charge's location without scheme, e.g. `pix.example.com/qr/v2/9d36b84f…`. */
  url: string
  merchantName: string
  merchantCity: string
}

/** A static code (tests, the bank page): a key, an optional amount and a txid of at most 25. */
export interface StaticBrCodeInput {
  key: string
  /** Integer centavos; omitted for an open amount. */
  amount?: number
  merchantName: string
  merchantCity: string
  /** At most 25 alphanumerics, or `***` when none. */
  txid?: string
}

function frame(
  account: string,
  oneTime: boolean,
  amount: number | undefined,
  name: string,
  city: string,
  txid: string,
) {
  const body =
    field('00', '01') +
    (oneTime ? field('01', '12') : '') +
    field('26', field('00', 'br.gov.bcb.pix') + account) +
    field('52', '0000') +
    field('53', '986') +
    (amount !== undefined ? field('54', (amount / 100).toFixed(2)) : '') +
    field('58', 'BR') +
    field('59', plain(name, 25)) +
    field('60', plain(city, 15)) +
    field('62', field('05', txid)) +
    '6304'
  return body + crc16(body)
}

/** The dynamic code of a charge: 01 = 12, 26-25 = location, no 54, 62-05 = `***`. */
export function buildDynamicBrCode(input: DynamicBrCodeInput): string {
  if (/^[a-z]+:\/\//i.test(input.url)) throw new Error('a dynamic BR Code carries its URL without scheme')
  if (input.url.length > 77) throw new Error('the location URL is longer than 77 characters')
  return frame(field('25', input.url), true, undefined, input.merchantName, input.merchantCity, '***')
}

export function buildStaticBrCode(input: StaticBrCodeInput): string {
  const txid = input.txid ?? '***'
  if (!/^[A-Za-z0-9]{1,25}$/.test(txid) && txid !== '***') throw new Error(`invalid txid: ${txid}`)
  if (input.amount !== undefined && (!Number.isSafeInteger(input.amount) || input.amount <= 0)) {
    throw new Error(`invalid amount: ${input.amount}`)
  }
  return frame(field('01', input.key), false, input.amount, input.merchantName, input.merchantCity, txid)
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
