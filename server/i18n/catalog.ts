// The server's own texts, from the Lingui catalog `locales/<lang>/server.po` compiled to
// `server.json`: read once per language on first use, one Lingui instance each. The code holds
// pt-BR message descriptors marked /*i18n*/ (`npm run i18n:extract` collects them); values are
// formatted before they reach the message (money, times), so ICU only places them and picks
// `select` and `plural` branches.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core'
import type { Language } from '../../contract/languages.ts'

export type { MessageDescriptor }

/** What a message's placeholders, selects and plurals read: already formatted for the reader (a missing one reads as nothing). */
export type TextValues = Record<string, string | number | undefined>

const localesDir = path.resolve(import.meta.dirname, '../../locales')
const instances = new Map<Language, { i18n: I18n; plain: Map<string, string> }>()

function load(language: Language): I18n {
  const file = path.join(localesDir, language, 'server.json')
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new Error(`server texts missing: ${file} (run \`lingui compile\`)`)
  }
  const { messages } = JSON.parse(text) as { messages: Messages }
  return setupI18n({
    locale: language,
    messages: { [language]: messages },
    // A descriptor the compiled catalog lacks means the catalogs were not extracted or compiled
    // after the text changed; answering its Portuguese source instead would hide that.
    missing: (_locale, id) => {
      throw new Error(`server text "${id}" missing from ${file} (run \`npm run i18n:extract\` and \`lingui compile\`)`)
    },
  })
}

/** A server text in the reader's language, with its values in place. */
export function say(language: Language, text: MessageDescriptor, values?: TextValues): string {
  let instance = instances.get(language)
  if (!instance) {
    instance = { i18n: load(language), plain: new Map() }
    instances.set(language, instance)
  }
  if (values) return instance.i18n._({ ...text, values })
  // A text without values (every successful reply's "OK") is the same each time: said once.
  const id = text.id as string
  let said = instance.plain.get(id)
  if (said === undefined) {
    said = instance.i18n._(text)
    instance.plain.set(id, said)
  }
  return said
}
