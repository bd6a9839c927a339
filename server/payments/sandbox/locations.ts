// The sandbox PSP's payload locations (API Pix `/loc`): the URL a dynamic BR Code points to, made
// before its charge (`POST /loc`) or with it, each with a numeric id and a capability token in its
// path. A charge made with `loc.id` is served at that location; `DELETE /loc/{id}/txid` unlinks
// it (the charge keeps its status but no longer shows a location). Only `cob` locations: this PSP
// has no charges with a due date.
import { randomBytes } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/schema.ts'

type LocationRow = Selectable<Database['sandbox_locations']>

export interface PayloadLocation {
  id: number
  location: string
  tipoCob: 'cob'
  criacao: string
  txid?: string
}

export class SandboxLocations {
  readonly #db: Kysely<Database>
  readonly #now: () => number
  readonly #url: (token: string) => string

  constructor(db: Kysely<Database>, now: () => number, url: (token: string) => string) {
    this.#db = db
    this.#now = now
    this.#url = url
  }

  /** A new location, free; `token` is the txid for a location made with its charge, random otherwise. */
  async create(token = randomBytes(16).toString('hex'), txid: string | null = null): Promise<PayloadLocation> {
    const inserted = await this.#db
      .insertInto('sandbox_locations')
      .values({ token, tipo_cob: 'cob', txid, created_at: this.#now() })
      .returning('id')
      .executeTakeFirstOrThrow()
    return this.view((await this.#byId(Number(inserted.id))) as LocationRow)
  }

  async get(id: number): Promise<PayloadLocation | null> {
    const row = await this.#byId(id)
    return row ? this.view(row) : null
  }

  /** The location with this token in its URL. */
  async byToken(token: string): Promise<PayloadLocation | null> {
    const row = await this.#db.selectFrom('sandbox_locations').selectAll().where('token', '=', token).executeTakeFirst()
    return row ? this.view(row) : null
  }

  /** Binds a free location to a charge; false when it is taken (or gone). */
  async bind(id: number, txid: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('sandbox_locations')
      .set({ txid })
      .where('id', '=', id)
      .where('txid', 'is', null)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** Frees a location; the txid it served, or null when it served none. */
  async unbind(id: number): Promise<string | null> {
    const row = await this.#byId(id)
    if (!row?.txid) return null
    await this.#db.updateTable('sandbox_locations').set({ txid: null }).where('id', '=', id).execute()
    return row.txid
  }

  /** `GET /loc`: the locations made between two times, oldest first, one page, and how many in all. */
  async page(
    from: number,
    to: number,
    filter: { txIdPresente?: boolean | undefined; index: number; size: number },
  ): Promise<{ loc: PayloadLocation[]; total: number }> {
    let window = this.#db.selectFrom('sandbox_locations').where('created_at', '>=', from).where('created_at', '<=', to)
    if (filter.txIdPresente === true) window = window.where('txid', 'is not', null)
    if (filter.txIdPresente === false) window = window.where('txid', 'is', null)
    const [rows, count] = await Promise.all([
      window
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .limit(filter.size)
        .offset(filter.index * filter.size)
        .execute(),
      window.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ])
    return { loc: rows.map((row) => this.view(row)), total: Number(count.total) }
  }

  view(row: LocationRow): PayloadLocation {
    return {
      id: Number(row.id),
      location: this.#url(row.token),
      tipoCob: 'cob',
      criacao: new Date(Number(row.created_at)).toISOString(),
      ...(row.txid ? { txid: row.txid } : {}),
    }
  }

  #byId(id: number) {
    return this.#db.selectFrom('sandbox_locations').selectAll().where('id', '=', id).executeTakeFirst()
  }
}
