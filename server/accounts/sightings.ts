// Where an account signs in from: each login notes the device id the client presented (also a
// device that belongs to another account, when the client signs in to a second one by name and
// password) and the client address. The money watch reads which other accounts share one of
// them (`sharedSightings`); nothing else does. Read and written only here.
import { BlockList, isIPv4 } from 'node:net'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'

/**
 * Addresses many unrelated people share by design link nobody: loopback, private networks, the
 * carriers' shared space (100.64/10, CGNAT) and link-local — also a proxy's own address when
 * TRUST_PROXY does not name it.
 */
const shared = new BlockList()
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['0.0.0.0', 8],
] as const)
  shared.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::', 128],
] as const)
  shared.addSubnet(net, prefix, 'ipv6')

/** Whether an address can say two accounts are one person's (a public one). */
export function linkingAddress(address: string): boolean {
  if (address === '') return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  if (isIPv4(v4)) return !shared.check(v4, 'ipv4')
  try {
    return !shared.check(address, 'ipv6')
  } catch {
    return false
  }
}

/** At most this many linked accounts are read per device or address: enough to name the link. */
const MOST = 50

/** Notes one login of `playerId` from `deviceId` (as the client sent it) and `address`. */
export async function noteSighting(
  db: Kysely<Database>,
  sighting: { playerId: number; deviceId: string | undefined; address: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('login_sightings')
    .values({
      player_id: sighting.playerId,
      device_id: sighting.deviceId ?? '',
      address: sighting.address,
      first_at: now,
      last_at: now,
    })
    .onConflict((oc) => oc.columns(['player_id', 'device_id', 'address']).doUpdateSet({ last_at: now }))
    .execute()
}

export interface SharedSighting {
  playerId: number
  via: 'device' | 'address'
}

/** Other accounts signed in from a device id or a public client address this player was signed in from. */
export async function sharedSightings(db: Kysely<Database>, playerId: number): Promise<SharedSighting[]> {
  const mine = await db
    .selectFrom('login_sightings')
    .select(['device_id', 'address'])
    .where('player_id', '=', playerId)
    .execute()
  const devices = [...new Set(mine.map((m) => m.device_id).filter((d) => d !== ''))]
  const addresses = [...new Set(mine.map((m) => m.address).filter(linkingAddress))]
  const others = async (column: 'device_id' | 'address', values: string[]) =>
    values.length === 0
      ? []
      : db
          .selectFrom('login_sightings')
          .select('player_id')
          .distinct()
          .where(column, 'in', values)
          .where('player_id', '<>', playerId)
          .limit(MOST)
          .execute()
  const [byDevice, byAddress] = await Promise.all([others('device_id', devices), others('address', addresses)])
  return [
    ...byDevice.map((row) => ({ playerId: Number(row.player_id), via: 'device' as const })),
    ...byAddress.map((row) => ({ playerId: Number(row.player_id), via: 'address' as const })),
  ]
}

/** The client addresses a player signed in from since an instant (the AML country signal reads them). */
export async function sightingAddresses(db: Kysely<Database>, playerId: number, since: number): Promise<string[]> {
  const rows = await db
    .selectFrom('login_sightings')
    .select('address')
    .distinct()
    .where('player_id', '=', playerId)
    .where('last_at', '>=', since)
    .limit(500)
    .execute()
  return rows.map((r) => r.address).filter((a) => a !== '')
}
