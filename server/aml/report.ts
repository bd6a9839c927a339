// The annual AML report (Portaria SPA/MF 1.143/2024 art. 11: the operator's yearly report on its
// PLD/FTP work, sent to the Secretaria de Prêmios e Apostas by 1 February for the year before),
// made from the records: the year's money from the ledger's transfers, the bettors' risk classes
// and the reviews done, sanctions screening (lists loaded, matches and their outcomes), the money
// watch's flags and COAF reports, and the staff and partners classified. Kept in aml_reports
// (made again, the latest replaces it) with its hash; served as JSON and CSV.
import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import { AML_REPORT_DUE } from '../../contract/aml.ts'
import type { Database } from '../db/schema.ts'
import { moneyBetween } from '../ledger/reports.ts'
import { localDayBounds } from '../lib/periods.ts'
import { flagYear } from '../risk/flags.ts'
import { classCounts } from './classes.ts'
import { partyCounts } from './parties.ts'

export const AML_REPORT_FORMAT = 'jogo-limpo/aml-annual-report/1'

export async function buildAnnualReport(db: Kysely<Database>, year: number, timeZone: string, now: number) {
  const start = localDayBounds(`${year}-01-01`, timeZone).start
  const end = localDayBounds(`${year + 1}-01-01`, timeZone).start
  const [money, classes, reviews, lists, matches, flags, parties] = await Promise.all([
    moneyBetween(db, start, end),
    classCounts(db),
    db
      .selectFrom('aml_reviews')
      .select(['class', 'outcome', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('reviewed_at', '>=', start)
      .where('reviewed_at', '<', end)
      .groupBy(['class', 'outcome'])
      .execute(),
    db
      .selectFrom('sanctions_lists')
      .select(['id', 'generated_at', 'sha256', 'individuals', 'loaded_at'])
      .where('loaded_at', '>=', start)
      .where('loaded_at', '<', end)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('sanctions_matches')
      .select(['strength', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy(['strength', 'status'])
      .execute(),
    flagYear(db, start, end),
    partyCounts(db),
  ])
  const overdue = await db
    .selectFrom('aml_classes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('review_due_at', '<', Math.min(now, end))
    .executeTakeFirstOrThrow()
  const due = `${year + 1}-${String(AML_REPORT_DUE.month).padStart(2, '0')}-${String(AML_REPORT_DUE.day).padStart(2, '0')}`
  return {
    format: AML_REPORT_FORMAT,
    year,
    dueBy: due,
    period: { from: `${year}-01-01`, to: `${year}-12-31`, timeZone },
    money,
    bettorsByClass: classes,
    reviews: reviews.map((r) => ({ class: r.class, outcome: r.outcome, count: Number(r.n) })),
    reviewsOverdue: Number(overdue.n),
    sanctions: {
      listsLoaded: lists.map((l) => ({
        generatedAt: l.generated_at,
        sha256: l.sha256,
        individuals: Number(l.individuals),
        loadedAt: Number(l.loaded_at),
      })),
      matches: matches.map((m) => ({ strength: m.strength, status: m.status, count: Number(m.n) })),
    },
    moneyWatch: flags,
    staffAndPartners: parties,
  }
}

export type AnnualReport = Awaited<ReturnType<typeof buildAnnualReport>>

/** Makes the year's report and keeps it (the latest made replaces an earlier one). */
export async function makeAnnualReport(
  db: Kysely<Database>,
  year: number,
  timeZone: string,
  by: string,
  now: number,
): Promise<{ report: AnnualReport; sha256: string }> {
  const report = await buildAnnualReport(db, year, timeZone, now)
  const body = JSON.stringify(report)
  const sha256 = createHash('sha256').update(body).digest('hex')
  await db
    .insertInto('aml_reports')
    .values({ year, body, sha256, generated_at: now, generated_by: by })
    .onConflict((oc) => oc.column('year').doUpdateSet({ body, sha256, generated_at: now, generated_by: by }))
    .execute()
  return { report, sha256 }
}

/** The report as CSV: one `section,item,value` line per figure. */
export function reportCsv(report: AnnualReport): string {
  const lines: string[][] = [['section', 'item', 'value']]
  const add = (section: string, item: string, value: string | number) => lines.push([section, item, String(value)])
  add('report', 'format', report.format)
  add('report', 'year', report.year)
  add('report', 'due_by', report.dueBy)
  for (const key of ['deposits', 'withdrawals', 'refunds'] as const) {
    add('money', `${key}_amount_centavos`, report.money[key].amount)
    add('money', `${key}_count`, report.money[key].count)
  }
  add('money', 'stakes_centavos', report.money.stakes)
  add('money', 'wins_centavos', report.money.wins)
  for (const [cls, n] of Object.entries(report.bettorsByClass)) add('bettors', `class_${cls}`, n)
  for (const r of report.reviews) add('reviews', `${r.class}_${r.outcome}`, r.count)
  add('reviews', 'overdue', report.reviewsOverdue)
  add('sanctions', 'lists_loaded', report.sanctions.listsLoaded.length)
  for (const m of report.sanctions.matches) add('sanctions', `${m.strength}_${m.status}`, m.count)
  for (const [key, n] of Object.entries(report.moneyWatch)) add('money_watch', key, n)
  for (const p of report.staffAndPartners) add('staff_and_partners', `${p.kind}_${p.class}`, p.count)
  return `${lines.map((l) => l.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n')}\n`
}
