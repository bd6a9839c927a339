// A case exported for the financial-intelligence report (COAF's communication through SISCOAF):
// the case, the person, the flag's reasons, the operations in the window and the play, the notes
// — as CSV lines (streamed, one record per line, its kind in the first column) or as one JSON
// document. The format is described in docs/money-watch.md; a change to it changes that page.
import { z } from 'zod'
import { type CaseFile, caseDecisions, watchRules } from '../../contract/money-watch.ts'
import { type CsvCell, csvRows } from '../lib/csv.ts'

export const CASE_EXPORT_FORMAT = 'jogo-limpo.money-watch.case/1'

export const caseCsvHeader = csvRows([
  ['record', 'case_id', 'occurred_at', 'operation_id', 'kind', 'amount_brl', 'party', 'status', 'detail'],
])

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString())
/** Reais with two decimals and a point: what SISCOAF's forms take. */
const brl = (centavos: number) => (centavos / 100).toFixed(2)

/** The case's records, in the order the format lists them. */
export function* caseCsvLines(file: CaseFile): Generator<string> {
  const { flag, player, activity } = file
  const id = flag.id
  const row = (cells: CsvCell[]) => csvRows([cells])
  yield row([
    'case',
    id,
    iso(flag.firstAt),
    flag.triggerRef,
    flag.rule,
    '',
    '',
    flag.decision ?? flag.status,
    file.decisionReason ?? '',
  ])
  yield row([
    'person',
    id,
    '',
    String(player.userId),
    'player',
    '',
    player.cpf ?? '',
    player.frozen ? 'frozen' : 'active',
    player.fullName ?? '',
  ])
  for (const [key, value] of Object.entries(flag.reasons))
    yield row(['reason', id, iso(flag.lastAt), '', key, '', '', '', String(value)])
  for (const d of activity.deposits)
    yield row([
      'operation',
      id,
      iso(d.paidAt ?? d.createdAt),
      d.id,
      'deposit',
      brl(d.amount),
      d.payers.map((p) => p.cpf).join(' '),
      d.status,
      d.payers.some((p) => !p.isPlayer) ? 'paid by someone else' : '',
    ])
  for (const w of activity.withdrawals)
    yield row([
      'operation',
      id,
      iso(w.createdAt),
      w.id,
      'withdrawal',
      brl(w.amount),
      `${w.keyType}:${w.key}`,
      w.status,
      '',
    ])
  const { rounds } = activity
  yield row([
    'play',
    id,
    '',
    '',
    'lifetime',
    brl(rounds.staked),
    '',
    '',
    `rounds=${rounds.count} won=${brl(rounds.won)}`,
  ])
  yield row([
    'play',
    id,
    iso(rounds.sinceDeposits.since),
    '',
    'since_deposits',
    brl(rounds.sinceDeposits.staked),
    '',
    '',
    `rounds=${rounds.sinceDeposits.count} won=${brl(rounds.sinceDeposits.won)}`,
  ])
  for (const note of file.notes)
    yield row(['note', id, iso(note.createdAt), String(note.id), 'note', '', note.author, '', note.body])
}

const isoOrEmpty = z.string().meta({ description: 'An ISO 8601 time, or empty when there is none.' })
const play = z.strictObject({ rounds: z.number().int(), stakedBrl: z.string(), wonBrl: z.string() })

/** The JSON form of the format, field by field (the OpenAPI document's reply for `format: json`). */
export const caseExportJson = z
  .strictObject({
    format: z.literal(CASE_EXPORT_FORMAT),
    exportedAt: isoOrEmpty,
    exportedBy: z.string(),
    case: z.strictObject({
      id: z.number().int(),
      rule: z.enum(watchRules),
      status: z.enum(['open', 'closed']),
      openedAt: isoOrEmpty,
      lastFiredAt: isoOrEmpty,
      hits: z.number().int(),
      trigger: z.string().nullable(),
      decision: z.enum(caseDecisions).nullable(),
      decisionReason: z.string().nullable(),
      decidedBy: z.string().nullable(),
      decidedAt: isoOrEmpty,
    }),
    person: z.strictObject({
      playerId: z.number().int(),
      cpf: z.string().nullable(),
      name: z.string().nullable(),
      frozen: z.boolean(),
    }),
    reasons: z.record(z.string(), z.union([z.number(), z.string()])),
    operations: z.array(
      z.union([
        z.strictObject({
          id: z.string(),
          kind: z.literal('deposit'),
          at: isoOrEmpty,
          amountBrl: z.string(),
          status: z.string(),
          payers: z.array(z.strictObject({ cpf: z.string(), isPlayer: z.boolean() })),
        }),
        z.strictObject({
          id: z.string(),
          kind: z.literal('withdrawal'),
          at: isoOrEmpty,
          amountBrl: z.string(),
          status: z.string(),
          pixKey: z.string(),
        }),
      ]),
    ),
    play: z.strictObject({ lifetime: play, sinceDeposits: play.extend({ since: isoOrEmpty }) }),
    notes: z.array(z.strictObject({ at: isoOrEmpty, author: z.string(), body: z.string() })),
  })
  .meta({ id: 'MoneyWatchCase' })

/** The same case as one JSON document. */
export function caseJson(file: CaseFile, exportedAt: number, exportedBy: string): z.infer<typeof caseExportJson> {
  const { flag, player, activity } = file
  return {
    format: CASE_EXPORT_FORMAT,
    exportedAt: iso(exportedAt),
    exportedBy,
    case: {
      id: flag.id,
      rule: flag.rule,
      status: flag.status,
      openedAt: iso(flag.firstAt),
      lastFiredAt: iso(flag.lastAt),
      hits: flag.hits,
      trigger: flag.triggerRef,
      decision: flag.decision,
      decisionReason: file.decisionReason,
      decidedBy: flag.decidedBy,
      decidedAt: iso(flag.decidedAt),
    },
    person: { playerId: player.userId, cpf: player.cpf, name: player.fullName, frozen: player.frozen },
    reasons: flag.reasons,
    operations: [
      ...activity.deposits.map((d) => ({
        id: d.id,
        kind: 'deposit' as const,
        at: iso(d.paidAt ?? d.createdAt),
        amountBrl: brl(d.amount),
        status: d.status,
        payers: d.payers.map((p) => ({ cpf: p.cpf, isPlayer: p.isPlayer })),
      })),
      ...activity.withdrawals.map((w) => ({
        id: w.id,
        kind: 'withdrawal' as const,
        at: iso(w.createdAt),
        amountBrl: brl(w.amount),
        status: w.status,
        pixKey: `${w.keyType}:${w.key}`,
      })),
    ],
    play: {
      lifetime: {
        rounds: activity.rounds.count,
        stakedBrl: brl(activity.rounds.staked),
        wonBrl: brl(activity.rounds.won),
      },
      sinceDeposits: {
        since: iso(activity.rounds.sinceDeposits.since),
        rounds: activity.rounds.sinceDeposits.count,
        stakedBrl: brl(activity.rounds.sinceDeposits.staked),
        wonBrl: brl(activity.rounds.sinceDeposits.won),
      },
    },
    notes: file.notes.map((n) => ({ at: iso(n.createdAt), author: n.author, body: n.body })),
  }
}
