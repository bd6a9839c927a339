// The rest of the Portuguese catalog: the build bundles with the first route only the messages its
// code uses (scripts/split-catalog.ts) and puts the others in a chunk of their own, which every
// lazily loaded part of the app awaits before it renders (lazy.tsx). Outside the build this
// import is the whole catalog again.
import { i18n, type Messages } from '@lingui/core'
import { defaultLanguage } from '../../contract/languages.ts'

let restOfCatalog: Promise<void> | null = null

/** Adds the rest of the Portuguese messages, whatever the language: the player may switch back on any page. */
export function loadRestOfCatalog(): Promise<void> {
  restOfCatalog ??= import('../../locales/pt-BR/messages.json').then(
    ({ messages }) => i18n.load(defaultLanguage, messages as unknown as Messages),
    (error: unknown) => {
      restOfCatalog = null
      throw error
    },
  )
  return restOfCatalog
}
