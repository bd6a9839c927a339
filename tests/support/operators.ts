// An operator signed in to a test app's console API: created in the database with a role, logged
// in from an address of its own (the operator login throttle counts per address), and calls that
// carry its session cookie; `operatorsOf` makes them for a describe block's app.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { expect } from 'vitest'
import type { Db } from '../../server/db/database.ts'
import type { Database, OperatorRole } from '../../server/db/schema.ts'
import { createOperator } from '../../server/ops/operators.ts'
import type { ManualClock } from './clock.ts'

export const OPERATOR_PASSWORD = 'Verde-Amarelo-2026!'

export async function signedInOperator(
  app: FastifyInstance,
  db: Kysely<Database>,
  role: OperatorRole,
  now: number,
  address: string,
) {
  const email = `${randomUUID().slice(0, 8)}@jogolimpo.example`
  const name = `${role} ${randomUUID().slice(0, 4)}`
  await createOperator(db, { email, role, name, password: OPERATOR_PASSWORD }, now)
  const login = await app.inject({
    method: 'POST',
    url: '/api/ops/session/login',
    payload: { email, password: OPERATOR_PASSWORD },
    remoteAddress: address,
  })
  expect(login.json()).toMatchObject({ success: true })
  const cookie = String(login.headers['set-cookie']).split(';')[0] as string
  const post = (path: string, payload: object = {}) =>
    app.inject({ method: 'POST', url: `/api/ops/${path}`, headers: { cookie }, payload, remoteAddress: address })
  return {
    name,
    address,
    cookie,
    post,
    call: async (path: string, payload: object = {}) => (await post(path, payload)).json(),
  }
}

/**
 * `signedInOperator` on a describe block's current app (see `appPerTest`), at the clock's time,
 * each from an address of its own: 192.0.2.1, .2, … in the order they are made.
 */
export function operatorsOf(t: { readonly app: FastifyInstance; readonly db: Db }, clock: ManualClock) {
  let ip = 0
  return (role: OperatorRole) => signedInOperator(t.app, t.db.kysely, role, clock.now(), `192.0.2.${++ip}`)
}
