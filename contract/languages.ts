// The languages the product ships, with the names the picker shows (each in its own script).

export const languages = ['pt-BR', 'en', 'hi'] as const
export type Language = (typeof languages)[number]
export const defaultLanguage: Language = 'pt-BR'

export const languageNames: Record<Language, string> = {
  'pt-BR': 'Português',
  en: 'English',
  hi: 'हिन्दी',
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/** Picks the first supported language from an Accept-Language header value. */
export function pickLanguage(header: string | undefined | null): Language | undefined {
  if (!header) return undefined
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase()
    if (!tag) continue
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR'
    if (tag === 'en' || tag.startsWith('en-')) return 'en'
    if (tag === 'hi' || tag.startsWith('hi-')) return 'hi'
  }
  return undefined
}
