// docs/modules.md is what the code says today: a module, file, table or header comment changed
// without `npm run docs:modules` fails here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { layers } from './check-modules.ts'
import { moduleMapPath, renderModuleMap } from './module-map.ts'

describe('docs/modules.md', () => {
  it('is the map the code generates', () => {
    expect(readFileSync(moduleMapPath, 'utf8')).toBe(renderModuleMap())
  })

  it('has a section for every module of every layer', () => {
    const page = renderModuleMap()
    for (const module of layers.flat().filter((m) => m !== 'app' && m !== 'core'))
      expect(page, module).toContain(`### \`server/${module}\``)
  })
})
