// The console's languages: pt-BR bundled (the source), English and Hindi loaded when chosen.
// Its own Lingui catalog (locales/<lang>/console.po), so nothing of it reaches the player app.
import { i18n, type Messages } from '@lingui/core'
import { messages as portuguese } from '../../locales/pt-BR/console.json'

export type ConsoleLanguage = 'pt-BR' | 'en' | 'hi'
const KEY = 'jl-console-language'

const loaders: Record<Exclude<ConsoleLanguage, 'pt-BR'>, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../locales/en/console.json') as unknown as Promise<{ messages: Messages }>,
  hi: () => import('../../locales/hi/console.json') as unknown as Promise<{ messages: Messages }>,
}

i18n.load('pt-BR', portuguese as unknown as Messages)
i18n.activate('pt-BR')

export async function setLanguage(language: ConsoleLanguage): Promise<void> {
  if (language !== 'pt-BR') i18n.load(language, (await loaders[language]()).messages)
  i18n.activate(language)
  document.documentElement.lang = language
  localStorage.setItem(KEY, language)
}

export async function restoreLanguage(): Promise<void> {
  const saved = localStorage.getItem(KEY)
  if (saved === 'en' || saved === 'hi') await setLanguage(saved).catch(() => undefined)
}

export { i18n }
