// PostgreSQL: the ledger's function `ledger_spin`, a plain spin in one statement (one round trip,
// one transaction). The server works out the outcome from the seed pair it last saw (by
// contract/games/fair.ts) and hands the function the round; the function checks, under the
// player's lock, everything the spin's transaction checks — the session open, the requestId new,
// the seed pair and nonce still the ones the outcome was drawn from, no hold, exclusion or
// wagering row, cash covering the bet, no loss or time limit reached, no reality check that could
// be due — and writes the same rows with the same values: the accounts moved, the transfer rows
// with their balances after, the nonce, the bet row, the round, the day row, the session's mark
// as seen and the outbox rows. Any case it does not handle the plain way it answers by name
// (writing nothing) and the server runs the spin's ordinary transaction. SQLite: nothing to do.
import { type Kysely, sql } from 'kysely'
import type { Engine } from '../database.ts'

/** What the function answers when it wrote nothing: a word naming the case (below). */
const handBack = (reason: string) => `begin outcome := '${reason}'; return next; return; end;`

/** The function's text, which a later migration (0047) changes by adding checks. */
export const ledgerSpinText = `
create function ledger_spin(
  p_token_hash text, p_now bigint, p_open_after bigint, p_seen_before bigint,
  p_player_id bigint, p_session_id text, p_game_id text, p_game_version integer,
  p_cash_id bigint, p_bonus_id bigint, p_house_id bigint, p_pool_id bigint, p_pool_ids bigint[],
  p_request_id text, p_seed_id bigint, p_nonce bigint, p_server_seed_hash text, p_client_seed text,
  p_round_id text, p_bet bigint, p_stops text, p_free_spins text, p_win bigint, p_contribution bigint,
  p_day text, p_loss_day_from text, p_loss_week_from text, p_loss_month_from text,
  p_played_since bigint, p_day_start bigint, p_reality_check_minutes bigint, p_play_break_ms bigint
) returns table (outcome text, cash bigint, bonus bigint, balance_before bigint, pool bigint)
language plpgsql as $fn$
#variable_conflict use_column
declare
  v_session record;
  v_seed record;
  v_row record;
  v_cash bigint;
  v_bonus bigint;
  v_cash_after bigint;
  v_house_after bigint;
  v_pool_after bigint;
  v_loss_day bigint;
  v_loss_week bigint;
  v_loss_month bigint;
  v_time_day bigint;
  v_time_session bigint;
  v_reality bigint;
  v_lost_day bigint;
  v_lost_week bigint;
  v_lost_month bigint;
  v_starts bigint[] := '{}';
  v_ends bigint[] := '{}';
  v_n integer := 0;
  v_start bigint;
  v_end bigint;
  v_next bigint;
  v_today_ms bigint := 0;
  v_session_ms bigint := 0;
  v_session_start bigint;
begin
  cash := null; bonus := null; balance_before := null; pool := null;

  -- The game session, open and launched by a live sign-in (sessions.ts: openWithToken).
  select s.id, s.player_id, s.game_id into v_session from game_sessions s
   where s.session_token_hash = p_token_hash and s.closed_at is null and s.last_seen_at > p_open_after
     and exists (select 1 from session_tokens t where t.token_hash = s.access_token_hash
                    and t.revoked_at is null and t.expires_at > p_now);
  if not found or v_session.id <> p_session_id or v_session.player_id <> p_player_id
     or v_session.game_id <> p_game_id then ${handBack('session')}
  end if;

  -- The player's lock, as every locker of their accounts takes it (in id order).
  for v_row in select a.id, a.balance from ledger_accounts a
                where a.id in (p_cash_id, p_bonus_id) and a.player_id = p_player_id order by a.id for update loop
    if v_row.id = p_cash_id then v_cash := v_row.balance; else v_bonus := v_row.balance; end if;
  end loop;
  if v_cash is null or v_bonus is null then ${handBack('accounts')}
  end if;

  -- Read after the lock, so what they say holds until the commit.
  if exists (select 1 from game_rounds r where r.player_id = p_player_id and r.request_id = p_request_id) then
    ${handBack('replay')}
  end if;
  select f.id, f.next_nonce, f.server_seed_hash, f.client_seed into v_seed from fair_seeds f
   where f.player_id = p_player_id and f.revealed_at is null;
  if not found or v_seed.id <> p_seed_id or v_seed.next_nonce <> p_nonce
     or v_seed.server_seed_hash <> p_server_seed_hash or v_seed.client_seed <> p_client_seed then
    ${handBack('seed')}
  end if;
  if exists (select 1 from players p where p.id = p_player_id and (p.frozen_at is not null or p.closed_at is not null)) then
    ${handBack('hold')}
  end if;
  if exists (select 1 from self_exclusions x where x.player_id = p_player_id and (x.until is null or x.until > p_now)) then
    ${handBack('exclusion')}
  end if;
  if exists (select 1 from bonus_wagering w where w.player_id = p_player_id) then ${handBack('wagering')}
  end if;
  if v_cash < p_bet then ${handBack('balance')}
  end if;

  -- Each limit as it stands now: a pending change in force from its time on (limits.ts: settle).
  for v_row in select l.kind, case when l.pending_from is not null and l.pending_from <= p_now
                                   then l.pending_amount else l.amount end as value
                 from player_limits l where l.player_id = p_player_id loop
    case v_row.kind
      when 'loss_day' then v_loss_day := v_row.value;
      when 'loss_week' then v_loss_week := v_row.value;
      when 'loss_month' then v_loss_month := v_row.value;
      when 'time_day' then v_time_day := v_row.value;
      when 'time_session' then v_time_session := v_row.value;
      when 'reality_check' then v_reality := v_row.value;
      else null;
    end case;
  end loop;

  -- Net loss per period from the day rows (play-days.ts), only when a loss limit is set.
  if v_loss_day is not null or v_loss_week is not null or v_loss_month is not null then
    select coalesce(sum(case when d.day >= p_loss_day_from then d.bets - d.wins else 0 end), 0),
           coalesce(sum(case when d.day >= p_loss_week_from then d.bets - d.wins else 0 end), 0),
           coalesce(sum(case when d.day >= p_loss_month_from then d.bets - d.wins else 0 end), 0)
      into v_lost_day, v_lost_week, v_lost_month
      from game_play_days d
     where d.player_id = p_player_id and d.day >= least(p_loss_week_from, p_loss_month_from);
    if (v_loss_day is not null and v_lost_day + p_bet > v_loss_day)
       or (v_loss_week is not null and v_lost_week + p_bet > v_loss_week)
       or (v_loss_month is not null and v_lost_month + p_bet > v_loss_month) then
      ${handBack('loss limit')}
    end if;
  end if;

  -- Time played (play-limits.ts: playTimeOf): the sessions' open spans merged, this one seen now.
  for v_row in select g.id, g.opened_at, g.last_seen_at, g.closed_at from game_sessions g
                where g.player_id = p_player_id and g.opened_at is not null and g.last_seen_at >= p_played_since
                order by g.opened_at loop
    v_end := case when v_row.id = p_session_id then p_now else v_row.last_seen_at end;
    if v_row.closed_at is not null then v_end := least(v_row.closed_at, v_end); end if;
    v_start := v_row.opened_at;
    v_end := least(p_now, v_end);
    if v_n > 0 and v_start <= v_ends[v_n] then
      v_ends[v_n] := greatest(v_ends[v_n], v_end);
    else
      v_n := v_n + 1;
      v_starts[v_n] := v_start;
      v_ends[v_n] := v_end;
    end if;
  end loop;
  for i in 1..v_n loop
    v_today_ms := v_today_ms + greatest(0, v_ends[i] - greatest(v_starts[i], p_day_start));
  end loop;
  for i in reverse v_n..1 loop
    v_next := case when i = v_n then p_now else v_starts[i + 1] end;
    exit when v_next - v_ends[i] >= p_play_break_ms;
    v_session_ms := v_session_ms + (v_ends[i] - v_starts[i]);
    v_session_start := v_starts[i];
  end loop;
  if (v_time_day is not null and v_today_ms >= v_time_day * 60000)
     or (v_time_session is not null and v_session_ms >= v_time_session * 60000) then
    ${handBack('time limit')}
  end if;
  if v_session_start is not null and p_now - v_session_start >= coalesce(v_reality, p_reality_check_minutes) * 60000 then
    ${handBack('reality check')}
  end if;

  -- The writes: what the spin's transaction writes, with the same values.
  update game_sessions s set last_seen_at = p_now
   where s.session_token_hash = p_token_hash and s.closed_at is null and s.last_seen_at > p_open_after
     and exists (select 1 from session_tokens t where t.token_hash = s.access_token_hash
                    and t.revoked_at is null and t.expires_at > p_now)
     and s.last_seen_at <= p_seen_before;

  -- Each account moved once by its net amount (the ledger's flush), then the transfer rows in
  -- order, each with its accounts' balances after it: the bet, the pool's share, the win.
  for v_row in update ledger_accounts a set balance = a.balance + m.delta
                 from unnest(array[p_cash_id, p_house_id, p_pool_id],
                             array[p_win - p_bet, p_bet - p_contribution - p_win, p_contribution]) as m(id, delta)
                where a.id = m.id
               returning a.id, a.balance loop
    if v_row.id = p_cash_id then v_cash_after := v_row.balance;
    elsif v_row.id = p_house_id then v_house_after := v_row.balance;
    else v_pool_after := v_row.balance; end if;
  end loop;
  insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, reference,
                                debit_balance_after, credit_balance_after, created_at)
  select t.id, t.debit, t.credit, t.amount, t.kind, 'round:' || p_round_id, t.debit_after, t.credit_after, p_now
    from (values
      (1, 'bet:' || p_round_id || ':bet:cash', p_cash_id, p_house_id, p_bet, 'bet',
          v_cash_after - p_win, v_house_after + p_contribution + p_win),
      (2, 'jackpot:share:' || p_round_id, p_house_id, p_pool_id, p_contribution, 'jackpot_share',
          v_house_after + p_win, v_pool_after),
      (3, 'win:' || p_round_id || ':win:cash', p_house_id, p_cash_id, p_win, 'win',
          v_house_after, v_cash_after)
    ) as t(ord, id, debit, credit, amount, kind, debit_after, credit_after)
   where t.amount > 0
   order by t.ord;

  update fair_seeds set next_nonce = p_nonce + 1
   where id = p_seed_id and next_nonce = p_nonce and revealed_at is null;
  insert into wallet_bets (transaction_id, player_id, round_id, amount, cash_part, bonus_part, state,
                           win_transaction_id, win_amount, created_at)
  values (p_round_id || ':bet', p_player_id, p_round_id, p_bet, p_bet, 0, 'placed', p_round_id || ':win', p_win, p_now);
  insert into game_rounds (id, player_id, session_id, request_id, game_id, game_version, bet, stops, free_spins,
                           win, jackpot_win, jackpot_contribution, balance_before, balance_after, seed_id,
                           server_seed_hash, client_seed, nonce, created_at)
  values (p_round_id, p_player_id, p_session_id, p_request_id, p_game_id, p_game_version, p_bet, p_stops,
          p_free_spins, p_win, 0, p_contribution, v_cash + v_bonus, v_cash + v_bonus - p_bet + p_win, p_seed_id,
          p_server_seed_hash, p_client_seed, p_nonce, p_now);
  insert into game_play_days (player_id, day, game_id, rounds, bets, wins)
  values (p_player_id, p_day, p_game_id, 1, p_bet, p_win)
  on conflict (player_id, day, game_id) do update
    set rounds = game_play_days.rounds + 1, bets = game_play_days.bets + p_bet, wins = game_play_days.wins + p_win;
  -- The player's balance event, then the pool's (ledger.ts: outboxRows).
  insert into outbox (topic, player_id, payload, created_at)
  values ('balance', p_player_id, '{}', p_now), ('jackpot', null, '{}', p_now);

  outcome := 'done';
  cash := v_cash_after;
  bonus := v_bonus;
  balance_before := v_cash + v_bonus;
  select coalesce(sum(a.balance), 0) into pool from ledger_accounts a where a.id = any(p_pool_ids);
  return next;
end
$fn$`

const CREATE = sql.raw(ledgerSpinText)

export function ledgerSpinFunctionMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') await CREATE.execute(db)
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'postgres') await sql`drop function ledger_spin`.execute(db)
    },
  }
}
