// Where a game's illustrations live: the build compiles each game's symbols into one SVG sprite
// (games-client/art/, only the illustrations the catalog uses), its background scene, and a
// lobby cover. A symbol is a view of the sprite, so one cached file draws them all.

/** The game's sprite (its symbols). */
export function spriteUrl(gameId: string): string {
  return `/games-client/art/${gameId}.svg`
}

/** One symbol of the sprite, usable as an image source (an SVG view). */
export function symbolUrl(gameId: string, symbolId: string): string {
  return `${spriteUrl(gameId)}#s-${symbolId}`
}

/** The game's background scene, a file of its own. */
export function backgroundUrl(gameId: string): string {
  return `/games-client/art/${gameId}-scene.svg`
}

/** The lobby cover. */
export function coverUrl(gameId: string): string {
  return `/games-client/covers/${gameId}.svg`
}
