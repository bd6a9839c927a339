// The sandbox PSP keeps what API Pix lets a receiver put on a charge and read back: the optional
// fields of a charge (`devedor`, `solicitacaoPagador`, `infoAdicionais`, `valor.modalidadeAlteracao`)
// as one JSON document, every revision of a charge (`GET /cob/{txid}?revisao=n` answers it as it
// was), and the payload locations (`/loc`) a charge's BR Code points to, each with its id.
import type { Kysely } from 'kysely'
import type { Engine } from '../database.ts'
import { serialPrimaryKey } from './columns.ts'

export function sandboxPixDetailsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sandbox_charges').addColumn('details', 'text').execute()
      await db.schema.alterTable('sandbox_charges').addColumn('loc_id', 'bigint').execute()
      await db.schema
        .createTable('sandbox_charge_revisions')
        .addColumn('txid', 'text', (c) => c.notNull())
        .addColumn('revisao', 'integer', (c) => c.notNull())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sandbox_charge_revisions_pk', ['txid', 'revisao'])
        .execute()
      await db.schema
        .createTable('sandbox_locations')
        .$call(serialPrimaryKey(engine, 'id'))
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('tipo_cob', 'text', (c) => c.notNull())
        .addColumn('txid', 'text', (c) => c.unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute()
      await db.schema
        .createIndex('sandbox_locations_created')
        .on('sandbox_locations')
        .columns(['created_at', 'id'])
        .execute()
    },
  }
}
