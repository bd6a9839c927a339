// Languages on the client: Portuguese is bundled; English and Hindi packs come from the server,
// are kept in IndexedDB, and are refetched when an envelope's languageVersion changes. A pack
// that fails to load falls back to the bundled Portuguese. The build bundles with the first
// route only the Portuguese messages its code uses (scripts/split-catalog.ts); the rest come in
// a chunk of their own that every lazily loaded part awaits (catalog.ts, lazy.tsx).
import { i18n, type Messages } from '@lingui/core'
import { t } from '@lingui/core/macro'
import { defaultLanguage, isLanguage, type Language } from '../../contract/languages.ts'
import { messages as portuguese } from '../../locales/pt-BR/messages.json'
import { onLanguageVersion, request, setTransportMessages } from './http.ts'
import { storage } from './storage.ts'
import { appStore, atom } from './store.ts'

export const languageAtom = atom<Language>(defaultLanguage)

// JSON's inferred types cannot express ICU plural tokens; the compiled catalog is Lingui's own output.
i18n.load(defaultLanguage, portuguese as unknown as Messages)
i18n.activate(defaultLanguage)

function applyLanguage(language: Language, messages?: Record<string, unknown>): void {
  if (messages) i18n.load(language, messages as Messages)
  i18n.activate(language)
  document.documentElement.lang = language
  appStore.set(languageAtom, language)
  setTransportMessages(
    t`Sem conexão com a internet. Ações com dinheiro precisam de conexão.`,
    t`O servidor demorou a responder. Tente de novo.`,
  )
}

async function fetchPack(language: Language) {
  const envelope = await request<{ version: string; messages: Record<string, unknown> }>(`/cache/langPack/${language}`)
  if (!envelope.success || !envelope.data) throw new Error(envelope.msg)
  const record = { language, version: envelope.data.version, messages: envelope.data.messages }
  await storage.set('languagePack', record)
  await storage.set('languageVersion', record.version)
  return record
}

/** Activates a language: from the kept pack when it matches, else from the server. */
export async function activateLanguage(language: Language): Promise<boolean> {
  await storage.set('language', language)
  if (language === defaultLanguage) {
    applyLanguage(defaultLanguage)
    return true
  }
  const kept = await storage.get('languagePack')
  if (kept?.language === language) {
    applyLanguage(language, kept.messages)
    return true
  }
  try {
    const fetched = await fetchPack(language)
    applyLanguage(language, fetched.messages)
    return true
  } catch {
    applyLanguage(defaultLanguage)
    return false
  }
}

/** Restores the saved language at start-up (Portuguese when none was chosen). */
export async function restoreLanguage(): Promise<void> {
  const saved = await storage.get('language')
  await activateLanguage(isLanguage(saved) ? saved : defaultLanguage)
}

let refreshing = false
onLanguageVersion(async (version) => {
  const kept = await storage.get('languageVersion')
  if (kept === version || refreshing) return
  await storage.set('languageVersion', version)
  const language = appStore.get(languageAtom)
  if (language === defaultLanguage) return
  refreshing = true
  try {
    const fetched = await fetchPack(language)
    applyLanguage(language, fetched.messages)
  } catch {
    // Keep the pack we have; the next envelope tries again.
    await storage.remove('languageVersion')
  } finally {
    refreshing = false
  }
})
