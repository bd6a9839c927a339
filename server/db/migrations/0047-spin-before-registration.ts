// PostgreSQL: `ledger_spin` (0034) also hands back a spin of a player who has not confirmed 18+
// or not set the registration's mandatory limits (a daily loss and a daily time limit), so the
// spin's ordinary transaction refuses it with its msgCode, as on SQLite. SQLite: nothing to do.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'
import { ledgerSpinText } from './0034-ledger-spin-function.ts'

const handBack = (reason: string) => `begin outcome := '${reason}'; return next; return; end;`

/** Inserts `text` before `anchor`, which must occur exactly once. */
function insertBefore(source: string, anchor: string, text: string): string {
  const at = source.indexOf(anchor)
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0) throw new Error(`ledger_spin: anchor not found once: ${anchor}`)
  return source.slice(0, at) + text + source.slice(at)
}

const replaced = (text: string) =>
  text.replace('create function ledger_spin(', 'create or replace function ledger_spin(')

function withRegistrationChecks(): string {
  let text = replaced(ledgerSpinText)
  text = insertBefore(
    text,
    '  if exists (select 1 from self_exclusions x',
    `  if exists (select 1 from players p where p.id = p_player_id and p.adult_confirmed_at is null) then
    ${handBack('adult')}
  end if;
`,
  )
  text = insertBefore(
    text,
    '  -- Net loss per period from the day rows',
    `  -- The registration's mandatory limits (limits.ts: mandatoryKinds), in force before any play.
  if v_loss_day is null or v_time_day is null then ${handBack('registration limits')}
  end if;

`,
  )
  return text
}

export function spinBeforeRegistrationMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') await sql.raw(withRegistrationChecks()).execute(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') await sql.raw(replaced(ledgerSpinText)).execute(db)
    },
  }
}
