// The operator permissions the console checks and the ones the server answers come from one table
// (contract/ops.ts): every name the console's sources check exists there and is granted to a role.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { operatorRoles, permissions } from '../../contract/ops.ts'
import { permissionsOf } from './roles.ts'

/** Every permission name the console's sources check: page permissions, `can(…)` and `permissions.includes(…)`. */
function consoleChecks(): Map<string, string[]> {
  const found = new Map<string, string[]>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8')
        const uses = /(?:permission:\s*|\bcan\((?:\w+,\s*)?|permissions\.includes\()'([^']+)'/g
        for (const [, name] of text.matchAll(uses))
          found.set(name as string, [...(found.get(name as string) ?? []), path])
      }
    }
  }
  walk('console')
  return found
}

describe('operator permissions', () => {
  it('every permission the console checks is one the server grants to some role', () => {
    const checks = consoleChecks()
    // The scan finds the pages' and the forms' checks (a scan that finds nothing proves nothing).
    expect([...checks.keys()]).toEqual(
      expect.arrayContaining([
        'withdrawals.view',
        'withdrawals.review',
        'players.freeze',
        'settings.edit',
        'support.chat',
      ]),
    )
    const granted = new Set(operatorRoles.flatMap((role) => permissionsOf(role)))
    const unknown = [...checks].filter(([name]) => !(name in permissions) || !granted.has(name as never))
    expect(unknown).toEqual([])
  })

  it('the server answers each role exactly the permissions the shared table gives it', () => {
    for (const role of operatorRoles) {
      const expected = Object.entries(permissions)
        .filter(([, roles]) => (roles as readonly string[]).includes(role))
        .map(([name]) => name)
      expect(permissionsOf(role)).toEqual(expected)
    }
    expect(permissionsOf('admin')).toEqual(Object.keys(permissions))
  })
})
