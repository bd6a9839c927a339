// The AML module's work as one object: the sanctions list's index (kept until a new list loads),
// screening at verification and the sweeps after a list change, the risk classes' recomputation,
// and one worker tick that does a batch of each — fetching the list first when its URL is set
// and its poll is due. Used by the plugin (timers, routes) and the CLIs alike.
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { AmlClass, AmlReason } from '../../contract/aml.ts'
import { verifiedIdentity } from '../accounts/verification-queue.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/schema.ts'
import { classify, classifyBatch } from './classes.ts'
import type { SanctionsListSource } from './list-source.ts'
import {
  currentList,
  emptyOutcome,
  type ListIndex,
  type LoadedList,
  loadIndex,
  loadSanctionsList,
  readState,
  type ScreenOutcome,
  screenBatch,
  screenPlayer,
  writeState,
} from './sanctions.ts'

const FETCHED_AT = 'sanctions.fetchedAt'
const BATCH = 200
/** A turn holds the lease this long at most: an instance that dies mid-turn frees it by then. */
const LEASE_MS = 10 * 60_000

export class AmlService {
  readonly #db: Kysely<Database>
  readonly #config: Config
  readonly #now: () => number
  readonly #source: SanctionsListSource | null
  readonly #holder: string
  #index: ListIndex | null = null
  #indexLoaded = false

  /** `holder` names this instance on the worker's lease (host, process, a random part). */
  constructor(
    db: Kysely<Database>,
    config: Config,
    now: () => number,
    source: SanctionsListSource | null,
    holder = `aml:${randomUUID()}`,
  ) {
    this.#db = db
    this.#config = config
    this.#now = now
    this.#source = source
    this.#holder = holder
  }

  get thresholds() {
    return this.#config.aml
  }

  /** The current list's index, read again when another instance (or the CLI) loaded a newer list. */
  async index(): Promise<ListIndex | null> {
    const current = await currentList(this.#db)
    if (!this.#indexLoaded || (current?.id ?? null) !== (this.#index?.listId ?? null)) {
      this.#index = await loadIndex(this.#db)
      this.#indexLoaded = true
    }
    return this.#index
  }

  async loadList(xml: string, source: string): Promise<LoadedList> {
    const loaded = await loadSanctionsList(this.#db, xml, source, this.#now())
    this.#indexLoaded = false
    return loaded
  }

  /** Screens a player just verified, then classifies them (their class may change with a match). */
  async afterVerification(playerId: number): Promise<ScreenOutcome> {
    const player = await verifiedIdentity(this.#db, playerId)
    if (!player) return emptyOutcome()
    const outcome = await screenPlayer(this.#db, await this.index(), player, this.#now())
    await classify(this.#db, player, this.#config.aml, this.#now())
    return outcome
  }

  /** Screens every verified player not yet screened against the current list, to the end. */
  async screenAll(): Promise<ScreenOutcome> {
    const outcome = emptyOutcome()
    const index = await this.index()
    if (!index) return outcome
    while (await screenBatch(this.#db, index, BATCH, this.#now(), outcome));
    return outcome
  }

  async reclassify(playerId: number): Promise<{ class: AmlClass; reasons: AmlReason[] } | null> {
    const player = await verifiedIdentity(this.#db, playerId)
    return player ? classify(this.#db, player, this.#config.aml, this.#now()) : null
  }

  /** Fetches the list when its URL is set and the poll is due; answers whether a new list loaded. */
  async pollList(): Promise<boolean> {
    if (!this.#source) return false
    const now = this.#now()
    const fetchedAt = Number((await readState(this.#db, FETCHED_AT)) ?? '0')
    if (now - fetchedAt < this.#config.aml.sanctionsPollMs) return false
    const fetched = await this.#source.fetchList()
    await writeState(this.#db, FETCHED_AT, String(now))
    if (!fetched) return false
    return (await this.loadList(fetched.xml, fetched.source)).changed
  }

  /**
   * One worker turn: the list's poll, a batch of screening, a batch of classes — under the lease,
   * so two instances never poll, screen or classify at once (two would fetch the list twice and
   * screen the same batch twice); null when another instance holds it.
   */
  async tick(): Promise<{ screened: ScreenOutcome; classified: number } | null> {
    if (!(await this.#lease())) return null
    try {
      await this.pollList()
      const screened = emptyOutcome()
      const index = await this.index()
      if (index) await screenBatch(this.#db, index, BATCH, this.#now(), screened)
      const classified = await classifyBatch(this.#db, this.#config.aml, BATCH, this.#now())
      return { screened, classified }
    } finally {
      await this.#release()
    }
  }

  /** Takes the lease when it is free or expired (or already this instance's); false while another holds it. */
  async #lease(): Promise<boolean> {
    const now = this.#now()
    await this.#db
      .insertInto('aml_worker_lease')
      .values({ id: 1, holder: '', until: 0 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    const taken = await this.#db
      .updateTable('aml_worker_lease')
      .set({ holder: this.#holder, until: now + LEASE_MS })
      .where('id', '=', 1)
      .where((eb) => eb.or([eb('until', '<=', now), eb('holder', '=', this.#holder)]))
      .executeTakeFirst()
    return Number(taken.numUpdatedRows) === 1
  }

  async #release(): Promise<void> {
    await this.#db
      .updateTable('aml_worker_lease')
      .set({ until: 0 })
      .where('id', '=', 1)
      .where('holder', '=', this.#holder)
      .execute()
  }
}
