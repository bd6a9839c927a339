// docs/configuration.md is what the config schema and its reference say today: a variable added,
// removed or given another default without `npm run config:docs` fails here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { envSchema } from '../server/config.ts'
import { configDocPath, renderConfigurationDoc } from './config-docs.ts'

describe('docs/configuration.md', () => {
  it('is the page the schema and the reference generate', () => {
    expect(readFileSync(configDocPath, 'utf8')).toBe(renderConfigurationDoc())
  })

  it('names every variable of the schema once', () => {
    const page = renderConfigurationDoc()
    for (const name of Object.keys(envSchema.shape)) {
      expect(page.match(new RegExp(`\\| \`${name}\` \\|`, 'g'))?.length, name).toBe(1)
    }
  })
})
