// Where each dataset's rows come from, read through the owning modules' query functions (games'
// rounds, accounts' registrations, the ledger's transfers, payments' payouts and returns), in a
// fixed order by (time, id), a page at a time. Each row comes with the cursor just after it, as
// text: the exporter stores it with the file the row closes, and a stream resumed from it yields
// exactly the rows after — so a restart writes the same files.
import type { Kysely } from 'kysely'
import { registrationsBetween } from '../accounts/report-queries.ts'
import type { Database } from '../db/schema.ts'
import { roundsBetween } from '../games/report-queries.ts'
import { transfersBetween } from '../ledger/reports.ts'
import { paidOutBetween, returnsBetween } from '../payments/report-queries.ts'
import { type Dataset, toRecord } from './layout.ts'

export interface Period {
  start: number
  end: number
}

export interface SourceItem {
  record: Record<string, string | number | null>
  cursor: string
}

const PAGE = 500

async function* bets(db: Kysely<Database>, p: Period, after: string | null): AsyncGenerator<SourceItem> {
  const from = after === null ? null : (JSON.parse(after) as { at: number; id: string })
  for await (const row of roundsBetween(db, p.start, p.end, PAGE, from))
    yield { record: toRecord('bets', row), cursor: JSON.stringify({ at: row.createdAt, id: row.id }) }
}

async function* bettors(db: Kysely<Database>, p: Period, after: string | null): AsyncGenerator<SourceItem> {
  const from = after === null ? null : (JSON.parse(after) as { at: number; id: number })
  for await (const row of registrationsBetween(db, p.start, p.end, PAGE, from))
    yield { record: toRecord('bettors', row), cursor: JSON.stringify({ at: row.registeredAt, id: row.playerId }) }
}

async function* wallets(db: Kysely<Database>, p: Period, after: string | null): AsyncGenerator<SourceItem> {
  const from = after === null ? null : (JSON.parse(after) as { at: number; seq: number })
  for await (const row of transfersBetween(db, p.start, p.end, 1000, from)) {
    // A wallet moves only when one of its player's accounts does; house-to-house is not a wallet's.
    if (row.debitPlayerId === null && row.creditPlayerId === null) continue
    yield { record: toRecord('wallets', row), cursor: JSON.stringify({ at: row.createdAt, seq: row.seq }) }
  }
}

async function* destinations(db: Kysely<Database>, p: Period, after: string | null): AsyncGenerator<SourceItem> {
  // Payouts first, then returns; the cursor names the part it stands in.
  const from = after === null ? null : (JSON.parse(after) as { part: 0 | 1; at: number; id: string })
  if (from === null || from.part === 0) {
    for await (const row of paidOutBetween(db, p.start, p.end, from && { at: from.at, id: from.id }))
      yield { record: toRecord('destinations', row), cursor: JSON.stringify({ part: 0, at: row.at, id: row.id }) }
  }
  const returnsFrom = from !== null && from.part === 1 ? { at: from.at, id: from.id } : null
  for await (const row of returnsBetween(db, p.start, p.end, returnsFrom))
    yield { record: toRecord('destinations', row), cursor: JSON.stringify({ part: 1, at: row.at, id: row.id }) }
}

export const sources: Record<
  Dataset,
  (db: Kysely<Database>, period: Period, after: string | null) => AsyncGenerator<SourceItem>
> = { bets, bettors, wallets, destinations }
