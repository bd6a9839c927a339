// The compiled Lingui language packs, read once from `locales/<lang>/messages.json`, and their
// version: a hash of every pack, sent in each envelope so clients know when to refetch.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type Language, languageNames, languages } from '../../contract/languages.ts'

export interface LanguagePacks {
  version: string
  list: { code: Language; name: string }[]
  pack(language: Language): Record<string, unknown>
}

export function loadLanguagePacks(localesDir: string): LanguagePacks {
  const hash = createHash('sha256')
  const packs = new Map<Language, Record<string, unknown>>()
  for (const language of languages) {
    const file = path.join(localesDir, language, 'messages.json')
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      throw new Error(`language pack missing: ${file} (run \`npm run build\` or \`lingui compile\`)`)
    }
    hash.update(language).update(text)
    const parsed = JSON.parse(text) as { messages?: Record<string, unknown> } | Record<string, unknown>
    packs.set(language, (parsed as { messages?: Record<string, unknown> }).messages ?? parsed)
  }
  return {
    version: hash.digest('hex').slice(0, 12),
    list: languages.map((code) => ({ code, name: languageNames[code] })),
    pack: (language) => packs.get(language) ?? {},
  }
}
