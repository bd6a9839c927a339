// The player's devices: the list (the device id's last characters, a browser summary,
// when first and last seen, which one is this device) and revoking one of their own, which
// ends its sessions, the games they opened and its push sockets. Revoking this device logs it out.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  type DeviceListResponse,
  deviceListResponse,
  type RevokeDeviceResponse,
  revokeDeviceRequest,
  revokeDeviceResponse,
} from '../../contract/accounts.ts'
import { emptyRequest } from '../../contract/rewards.ts'
import { ok, replies } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'
import { listDevices, revokeDevice } from './devices.ts'
import { accountLegacyPaths as legacy } from './legacy-shapes.ts'
import { markCredentialsChanged } from './players.ts'
import { revokeDeviceTokens } from './tokens.ts'

const ID_HINT_LENGTH = 4

export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app

  const listSchema = { summary: "The player's devices", body: emptyRequest, response: replies(deviceListResponse) }
  app.post('/v1/account/devices', { config: { legacyPath: legacy.devices }, schema: listSchema }, async (request) => {
    const rows = await listDevices(db, request.playerId)
    return ok<DeviceListResponse>({
      list: rows.map((row) => ({
        id: Number(row.id),
        label: row.label,
        idHint: row.device_id.slice(-ID_HINT_LENGTH),
        createdAt: Number(row.created_at),
        lastSeenAt: Number(row.last_seen_at),
        current: Number(row.id) === request.sessionDeviceId,
      })),
    })
  })

  const revokeSchema = {
    summary: "Revoke one of the player's devices (ends its sessions)",
    body: revokeDeviceRequest,
    response: replies(revokeDeviceResponse),
  }
  app.post(
    '/v1/account/devices/revoke',
    { config: { legacyPath: legacy.revokeDevice }, schema: revokeSchema },
    async (request) => {
      const now = clock.now()
      const { id } = request.body
      const revokedTokens = await db.transaction().execute(async (trx) => {
        if (!(await revokeDevice(trx, request.playerId, id, now))) return undefined
        await markCredentialsChanged(trx, request.playerId, now)
        return revokeDeviceTokens(trx, id, now)
      })
      // Someone else's device and an unknown one read the same.
      if (revokedTokens === undefined) throw new Refusal('not_found')
      await app.accounts.tokensRevoked(revokedTokens, now)
      app.push.closeSessions(revokedTokens)
      return ok<RevokeDeviceResponse>({ loggedOut: id === request.sessionDeviceId })
    },
  )
}
