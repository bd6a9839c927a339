// The layout of the daily files for the regulator (SIGAP), as ONE table: for each dataset, the
// file type the receiver knows it by and, field by field, the manual's field name, its type and
// which of our rows' values fills it. The Manual SIGAP's own field list (the "leiaute") was not
// public where we looked, so every name below is ASSUMED (docs/regulatory-files.md says so):
// fixing the layout later is a change to this file only — the exporter writes and the sandbox
// receiver checks exactly what this table says.
import type { ReportRegistration } from '../accounts/report-queries.ts'
import type { ReportRound } from '../games/report-queries.ts'
import type { ReportTransfer } from '../ledger/reports.ts'
import type { ReportPayment } from '../payments/report-queries.ts'

/** The receiver takes at most this many records per file. */
export const MAX_RECORDS_PER_FILE = 7000
/** Written in each file's header; raised whenever a field below changes. */
export const LAYOUT_VERSION = 'jl-assumed-2'

/** `text`; `integer`; `decimal` — reais as text, a point and two decimals; `datetime` — ISO 8601 UTC. */
export type FieldType = 'text' | 'integer' | 'decimal' | 'datetime'

export interface Field<Row> {
  /** The manual's field name. */
  name: string
  type: FieldType
  nullable?: true
  value: (row: Row) => string | number | null
}

export const datasets = ['bets', 'bettors', 'wallets', 'destinations'] as const
export type Dataset = (typeof datasets)[number]

const reais = (centavos: number) => {
  const sign = centavos < 0 ? '-' : ''
  const abs = Math.abs(centavos)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
const iso = (ms: number) => new Date(ms).toISOString()

/** Our genders → the file's codes (assumed, as every name here). */
const genderCodes: Record<string, string> = {
  female: 'FEMININO',
  male: 'MASCULINO',
  other: 'OUTRO',
  not_informed: 'NAO_INFORMADO',
}

/** A wallet movement: a ledger transfer that touches a player's account. */
export type WalletRow = ReportTransfer
/** A legal destination of money: a withdrawal paid to the bettor, a PIX sent back to its payer. */
export type DestinationRow = ReportPayment

export interface Layout {
  bets: Field<ReportRound>[]
  bettors: Field<ReportRegistration>[]
  wallets: Field<WalletRow>[]
  destinations: Field<DestinationRow>[]
}

/** Our dataset → the file type the receiver knows it by. */
export const fileTypes: Record<Dataset, string> = {
  bets: 'APOSTAS_JOGOS_ONLINE',
  bettors: 'APOSTADORES',
  wallets: 'CARTEIRAS',
  destinations: 'DESTINACOES_LEGAIS',
}

/** Our rows → the manual's fields, in the order they are written. */
export const layout: Layout = {
  bets: [
    { name: 'idAposta', type: 'text', value: (r) => r.id },
    { name: 'idApostador', type: 'integer', value: (r) => r.playerId },
    { name: 'codigoJogo', type: 'text', value: (r) => r.gameId },
    { name: 'versaoJogo', type: 'integer', value: (r) => r.gameVersion },
    { name: 'valorAposta', type: 'decimal', value: (r) => reais(r.bet) },
    { name: 'valorPremio', type: 'decimal', value: (r) => reais(r.win) },
    { name: 'valorPremioJackpot', type: 'decimal', value: (r) => reais(r.jackpotWin) },
    { name: 'dataHoraAposta', type: 'datetime', value: (r) => iso(r.createdAt) },
  ],
  bettors: [
    { name: 'idApostador', type: 'integer', value: (r) => r.playerId },
    { name: 'cpf', type: 'text', value: (r) => r.cpf },
    { name: 'nomeCompleto', type: 'text', value: (r) => r.fullName },
    { name: 'dataHoraCadastro', type: 'datetime', value: (r) => iso(r.registeredAt) },
    { name: 'dataHoraCriacaoConta', type: 'datetime', value: (r) => iso(r.createdAt) },
    { name: 'canal', type: 'text', nullable: true, value: (r) => r.channel },
    // The registration data Portaria SPA/MF 2.579/2025 asks (null while the bettor has not given it).
    { name: 'genero', type: 'text', nullable: true, value: (r) => (r.gender ? (genderCodes[r.gender] ?? null) : null) },
    { name: 'uf', type: 'text', nullable: true, value: (r) => r.state },
    { name: 'municipio', type: 'text', nullable: true, value: (r) => r.city },
    { name: 'cep', type: 'text', nullable: true, value: (r) => r.cep },
  ],
  wallets: [
    { name: 'idMovimento', type: 'text', value: (r) => r.id },
    { name: 'sequencial', type: 'integer', value: (r) => r.seq },
    {
      name: 'idApostador',
      type: 'integer',
      value: (r) => r.creditPlayerId ?? r.debitPlayerId,
    },
    // C: into a player's account from the house; D: out of it to the house; T: between two of
    // the player's own accounts (cash, bonus, withdrawal hold).
    {
      name: 'natureza',
      type: 'text',
      value: (r) =>
        r.debitPlayerId !== null && r.creditPlayerId !== null ? 'T' : r.creditPlayerId !== null ? 'C' : 'D',
    },
    { name: 'tipoMovimento', type: 'text', value: (r) => r.kind },
    { name: 'contaOrigem', type: 'text', value: (r) => r.debitAccount },
    { name: 'contaDestino', type: 'text', value: (r) => r.creditAccount },
    { name: 'valor', type: 'decimal', value: (r) => reais(r.amount) },
    { name: 'referencia', type: 'text', nullable: true, value: (r) => r.reference },
    { name: 'dataHoraMovimento', type: 'datetime', value: (r) => iso(r.createdAt) },
  ],
  destinations: [
    { name: 'idDestinacao', type: 'text', value: (r) => r.id },
    {
      name: 'tipoDestinacao',
      type: 'text',
      value: (r) => (r.type === 'pix_out' ? 'PAGAMENTO_PREMIO_SAQUE' : 'DEVOLUCAO_PIX'),
    },
    { name: 'idApostador', type: 'integer', nullable: true, value: (r) => r.playerId },
    { name: 'valor', type: 'decimal', value: (r) => reais(r.amount) },
    { name: 'situacao', type: 'text', value: (r) => r.status },
    { name: 'idFimAFim', type: 'text', nullable: true, value: (r) => r.endToEndId },
    { name: 'dataHora', type: 'datetime', value: (r) => iso(r.at) },
  ],
}

/** The header every file starts with: its names are part of the layout too. */
export const headerFields = {
  layoutVersion: 'versaoLeiaute',
  fileType: 'tipoArquivo',
  day: 'dataReferencia',
  seq: 'sequencialArquivo',
  records: 'quantidadeRegistros',
} as const
export const bodyField = { header: 'cabecalho', records: 'registros' } as const

/** One of our rows as the manual's record. */
export function toRecord<D extends Dataset>(dataset: D, row: Parameters<Layout[D][number]['value']>[0]) {
  const record: Record<string, string | number | null> = {}
  for (const field of layout[dataset] as Field<typeof row>[]) record[field.name] = field.value(row)
  return record
}

/** The layout's field names and types, as the receiver checks them. */
export function fieldSpec(fileType: string): { name: string; type: FieldType; nullable: boolean }[] | null {
  const dataset = datasets.find((d) => fileTypes[d] === fileType)
  if (!dataset) return null
  return (layout[dataset] as Field<never>[]).map((f) => ({ name: f.name, type: f.type, nullable: f.nullable === true }))
}
