// Lobby search: a game matches when every word typed appears in its name, ignoring case and
// accents ("dragao" finds "Dragão Dourado"), compared in the player's language.
export function searchKey(text: string, locale: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(locale).replace(/\s+/g, ' ').trim()
}

export function matchesSearch(name: string, query: string, locale: string): boolean {
  const words = searchKey(query, locale).split(' ').filter(Boolean)
  const key = searchKey(name, locale)
  return words.every((word) => key.includes(word))
}

/** Game ids in the order they were last played (newest first), each once. */
export function recentGameIds(rounds: readonly { gameId: string }[], limit: number): string[] {
  return [...new Set(rounds.map((round) => round.gameId))].slice(0, limit)
}
