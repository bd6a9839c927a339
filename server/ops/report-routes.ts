// The finance and regulatory reports in the console: a period's figures per local day of the
// market (deposits, withdrawals paid, PIX set aside for return, bonuses granted, adjustments,
// GGR per game — all from the ledger's transfers), and as streamed CSV files: those figures, the
// ledger's every transfer, and the regulatory export of bets, payments and registrations (its
// format: docs/reports.md). Files are written page by page as the client reads them, so a year
// never sits in memory. Every download is audited (who, which file, which period, whether
// personal data was in it); CPF, names and PIX keys are masked unless the operator asks for them
// whole and may see personal data; refusals are audited by the scope's hook (refused-audit.ts).
// Figures and files read through the read pool (`app.readDb`: the replica when one is set);
// the audit rows are written on the primary.

import { Readable } from 'node:stream'
import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { Temporal } from '@js-temporal/polyfill'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { REPORT_MAX_DAYS, type RegulatoryDataset, regulatoryDatasets } from '../../contract/ops.ts'
import { financeReport } from '../../contract/ops-replies.ts'
import { registrationsBetween } from '../accounts/report-queries.ts'
import { maskCpf, maskName } from '../accounts/verification.ts'
import { writeAudit } from '../audit/audit.ts'
import { roundGamesQuery, roundsBetween } from '../games/report-queries.ts'
import { HttpRefusal, ok, replies } from '../http/envelope.ts'
import { financeDay, sumFigures, transfersBetween } from '../ledger/reports.ts'
import { type CsvCell, csvRows } from '../lib/csv.ts'
import { datesFromTo, daysFromTo, localDateTime, localDayBounds } from '../lib/periods.ts'
import { paymentsBetween } from '../payments/report-queries.ts'
import { maskPixKey } from '../payments/withdrawal-orders.ts'
import { Refusal } from '../refusal.ts'
import { may } from './roles.ts'

/** Report calls (figures or files) one operator may make per minute: each reads a whole period. */
export const REPORTS_PER_MINUTE = 20
/** Rows written into one chunk of a file before it is handed to the socket. */
const ROWS_PER_CHUNK = 500

// Years 2000–2999 only: a report covers the market's own days, and no date far outside them is
// parsed or walked.
const date = z
  .string()
  .regex(/^2\d{3}-\d{2}-\d{2}$/)
  .refine((value) => {
    try {
      return Temporal.PlainDate.from(value, { overflow: 'reject' }).toString() === value
    } catch {
      return false
    }
  }, 'not a calendar date')
  .meta({ description: "A local date of the market's time zone, YYYY-MM-DD (years 2000–2999)." })
const period = { from: date, to: date }

/**
 * The period's dates, or a refusal naming the longest period allowed — decided from its length,
 * worked out arithmetically, before a single day is walked.
 */
function periodDates(from: string, to: string, maxDays: number): string[] {
  const days = daysFromTo(from, to)
  if (days < 1 || days > maxDays) throw new Refusal('report_period_invalid', { maxDays })
  return datesFromTo(from, to)
}

/** Integer centavos as reais with a point and two decimals, exactly (no binary fractions). */
function reais(centavos: number): string {
  const sign = centavos < 0 ? '-' : ''
  const abs = Math.abs(centavos)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** Every report file: UTF-8, `,`, CRLF, amounts as numbers in reais; ids and counts are text cells. */
const csvFormat = { formatNumber: reais }

/** Rows as CSV text in chunks of ROWS_PER_CHUNK, the header first; the event loop breathes between chunks. */
async function* csvChunks(header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): AsyncGenerator<string> {
  yield csvRows([header], csvFormat)
  let chunk: (readonly CsvCell[])[] = []
  for await (const row of rows) {
    chunk.push(row)
    if (chunk.length >= ROWS_PER_CHUNK) {
      yield csvRows(chunk, csvFormat)
      chunk = []
      await yieldToLoop()
    }
  }
  if (chunk.length > 0) yield csvRows(chunk, csvFormat)
}

const text = (value: number | null) => (value === null ? null : String(value))

function sendCsv(reply: FastifyReply, fileName: string, chunks: AsyncGenerator<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks))
}

const csvResponse = (description: string) => ({
  200: { description, content: { 'text/csv': { schema: z.custom<Readable>().meta({ type: 'string' }) } } },
})

export const financeCsvHeader = ['date', 'item', 'game_id', 'count', 'amount_brl'] as const
export const transfersCsvHeader = [
  'date',
  'time_local',
  'time_utc',
  'seq',
  'transfer_id',
  'kind',
  'debit_account',
  'debit_player_id',
  'credit_account',
  'credit_player_id',
  'amount_brl',
  'reference',
] as const
export const regulatoryCsvHeaders: Record<RegulatoryDataset, readonly string[]> = {
  bets: [
    'date',
    'time_local',
    'time_utc',
    'round_id',
    'player_id',
    'game_id',
    'game_version',
    'stake_brl',
    'win_brl',
    'jackpot_win_brl',
  ],
  payments: [
    'date',
    'time_local',
    'time_utc',
    'type',
    'id',
    'player_id',
    'order_id',
    'amount_brl',
    'status',
    'end_to_end_id',
    'key_type',
    'key',
    'holder_name',
  ],
  registrations: [
    'date',
    'time_local',
    'time_utc',
    'player_id',
    'channel',
    'adult_confirmed_at_local',
    'account_created_local',
    'cpf',
    'full_name',
  ],
}

export const opsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeZone = app.config.market.timeZone
  const local = (ms: number) => localDateTime(ms, timeZone)
  const utc = (ms: number) => new Date(ms).toISOString()
  const perOperator = app.createRateLimit({
    max: REPORTS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `reports:${request.ops.actor.id ?? 'service'}`,
  })
  const limit = async (request: FastifyRequest) => {
    const result = await perOperator(request)
    if (!result.isAllowed && result.isExceeded) throw new HttpRefusal(429, 'rate_limited')
  }
  const audited = (request: FastifyRequest, file: string, after: Record<string, unknown>) =>
    writeAudit(
      app.db,
      request.ops.actor,
      { action: 'report.download', objectType: 'report', objectId: file, after },
      app.clock.now(),
    )

  /** Each local day's finance figures, one day's queries at a time. */
  async function* financeDays(dates: readonly string[]) {
    for (const day of dates) {
      const { start, end } = localDayBounds(day, timeZone)
      yield await financeDay(app.readDb, roundGamesQuery(app.readDb, app.engine), day, start, end)
    }
  }

  app.post(
    '/reports/finance',
    {
      config: { opsPermission: 'reports.view', refusalStatus: 400 },
      schema: { response: replies(financeReport), body: z.strictObject(period) },
    },
    async (request) => {
      await limit(request)
      const { from, to } = request.body
      const days = []
      for await (const day of financeDays(periodDates(from, to, REPORT_MAX_DAYS.view))) days.push(day)
      return ok({ from, to, timeZone, days, totals: sumFigures(days) })
    },
  )

  app.get(
    '/reports/finance.csv',
    {
      config: { opsPermission: 'reports.view', refusalStatus: 400 },
      schema: {
        querystring: z.strictObject(period),
        response: csvResponse('The finance report, one line per figure.'),
      },
    },
    async (request, reply) => {
      await limit(request)
      const { from, to } = request.query
      const dates = periodDates(from, to, REPORT_MAX_DAYS.csv)
      await audited(request, 'finance.csv', { from, to })
      async function* rows(): AsyncGenerator<readonly CsvCell[]> {
        for await (const d of financeDays(dates)) {
          for (const item of ['deposits', 'withdrawals', 'refunds', 'bonuses'] as const)
            yield [d.date, item, null, String(d[item].count), d[item].amount]
          yield [
            d.date,
            'adjustments_credited',
            null,
            String(d.adjustmentsCredited.count),
            d.adjustmentsCredited.amount,
          ]
          yield [d.date, 'adjustments_debited', null, String(d.adjustmentsDebited.count), d.adjustmentsDebited.amount]
          for (const g of d.games) {
            yield [d.date, 'game_stakes', g.gameId, null, g.stakes]
            yield [d.date, 'game_wins', g.gameId, null, g.wins]
            yield [d.date, 'game_ggr', g.gameId, null, g.ggr]
          }
          yield [d.date, 'stakes', null, null, d.stakes]
          yield [d.date, 'wins', null, null, d.wins]
          yield [d.date, 'ggr', null, null, d.ggr]
        }
      }
      return sendCsv(reply, `jogo-limpo-financeiro-${from}_${to}.csv`, csvChunks(financeCsvHeader, rows()))
    },
  )

  app.get(
    '/reports/transfers.csv',
    {
      config: { opsPermission: 'reports.view', refusalStatus: 400 },
      schema: {
        querystring: z.strictObject(period),
        response: csvResponse("The ledger's transfers of the period, one line each, oldest first."),
      },
    },
    async (request, reply) => {
      await limit(request)
      const { from, to } = request.query
      const dates = periodDates(from, to, REPORT_MAX_DAYS.csv)
      await audited(request, 'transfers.csv', { from, to })
      async function* rows(): AsyncGenerator<readonly CsvCell[]> {
        for (const day of dates) {
          const { start, end } = localDayBounds(day, timeZone)
          for await (const t of transfersBetween(app.readDb, start, end))
            yield [
              day,
              local(t.createdAt),
              utc(t.createdAt),
              String(t.seq),
              t.id,
              t.kind,
              t.debitAccount,
              text(t.debitPlayerId),
              t.creditAccount,
              text(t.creditPlayerId),
              t.amount,
              t.reference,
            ]
        }
      }
      return sendCsv(reply, `jogo-limpo-transferencias-${from}_${to}.csv`, csvChunks(transfersCsvHeader, rows()))
    },
  )

  app.get(
    '/reports/regulatory.csv',
    {
      config: { opsPermission: 'reports.view', refusalStatus: 400 },
      schema: {
        querystring: z.strictObject({
          dataset: z.enum(regulatoryDatasets),
          ...period,
          personalData: z
            .enum(['true', 'false'])
            .default('false')
            .meta({ description: 'CPF, names and PIX keys whole (operators who may see personal data only).' }),
        }),
        response: csvResponse('One line per bet, payment or registration of the period (docs/reports.md).'),
      },
    },
    async (request, reply) => {
      await limit(request)
      const { dataset, from, to } = request.query
      const whole = request.query.personalData === 'true'
      if (whole && !may(request.ops.role, 'players.personalData')) throw new HttpRefusal(403, 'ops_forbidden')
      const dates = periodDates(from, to, REPORT_MAX_DAYS.csv)
      await audited(request, `regulatory-${dataset}.csv`, { from, to, personalData: whole })
      const cpf = (value: string | null) => (value === null || whole ? value : maskCpf(value))
      const name = (value: string | null) => (value === null || whole ? value : maskName(value))
      const key = (type: string | null, value: string | null) =>
        value === null || whole ? value : type === null ? null : maskPixKey(type, value)
      const rowsOf = regulatoryRows(app, dataset, { local, utc, cpf, name, key })
      async function* rows(): AsyncGenerator<readonly CsvCell[]> {
        for (const day of dates) {
          const { start, end } = localDayBounds(day, timeZone)
          for await (const row of rowsOf(start, end)) yield [day, ...row]
        }
      }
      return sendCsv(reply, `jogo-limpo-${dataset}-${from}_${to}.csv`, csvChunks(regulatoryCsvHeaders[dataset], rows()))
    },
  )
}

interface Writers {
  local: (ms: number) => string
  utc: (ms: number) => string
  cpf: (value: string | null) => string | null
  name: (value: string | null) => string | null
  key: (type: string | null, value: string | null) => string | null
}

/** One dataset's rows for [start, end), without the date column. */
function regulatoryRows(
  app: FastifyInstance,
  dataset: RegulatoryDataset,
  w: Writers,
): (start: number, end: number) => AsyncGenerator<CsvCell[]> {
  if (dataset === 'bets')
    return async function* (start, end) {
      for await (const r of roundsBetween(app.readDb, start, end))
        yield [
          w.local(r.createdAt),
          w.utc(r.createdAt),
          r.id,
          String(r.playerId),
          r.gameId,
          String(r.gameVersion),
          r.bet,
          r.win,
          r.jackpotWin,
        ]
    }
  if (dataset === 'payments')
    return async function* (start, end) {
      for await (const p of paymentsBetween(app.readDb, start, end))
        yield [
          w.local(p.at),
          w.utc(p.at),
          p.type,
          p.id,
          text(p.playerId),
          p.orderId,
          p.amount,
          p.status,
          p.endToEndId,
          p.keyType,
          p.keyType === 'cpf' ? w.cpf(p.key) : w.key(p.keyType, p.key),
          w.name(p.holderName),
        ]
    }
  return async function* (start, end) {
    for await (const r of registrationsBetween(app.readDb, start, end))
      yield [
        w.local(r.registeredAt),
        w.utc(r.registeredAt),
        String(r.playerId),
        r.channel,
        r.adultConfirmedAt === null ? null : w.local(r.adultConfirmedAt),
        w.local(r.createdAt),
        w.cpf(r.cpf),
        w.name(r.fullName),
      ]
  }
}
