// The game page's language: its own Lingui catalog (locales/<lang>/games.po, compiled to JSON),
// Portuguese bundled, English or Hindi loaded as the page opens in it. Nothing of the app's
// catalogs comes with it.
import { i18n, type Messages } from '@lingui/core'
import { defaultLanguage, type Language } from '../contract/languages.ts'
import { messages as portuguese } from '../locales/pt-BR/games.json'

// JSON's inferred types cannot express ICU plural tokens; the compiled catalog is Lingui's own output.
const loaders: Record<Exclude<Language, 'pt-BR'>, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/games.json') as unknown as Promise<{ messages: Messages }>,
  hi: () => import('../locales/hi/games.json') as unknown as Promise<{ messages: Messages }>,
}

i18n.load(defaultLanguage, portuguese as unknown as Messages)
i18n.activate(defaultLanguage)

/** Activates the page's language; if its catalog cannot be loaded, the page stays in Portuguese. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === 'pt-BR') return
  const loaded = await loaders[language]().catch(() => null)
  if (!loaded) return
  i18n.load(language, loaded.messages)
  i18n.activate(language)
}

export { i18n }
