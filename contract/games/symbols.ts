// SVG drawings of symbols and game icons, built from the catalog's data (shape, colour, glyph),
// so every game has its own look without image files. Used by the game page and the server's icons.
import type { GameDef, Shape, SymbolDef } from './engine.ts'

const shapes: Record<Shape, string> = {
  circle: '<circle cx="50" cy="50" r="40"/>',
  diamond: '<polygon points="50,6 94,50 50,94 6,50"/>',
  star: '<polygon points="50,5 61,37 95,37 68,58 78,91 50,71 22,91 32,58 5,37 39,37"/>',
  square: '<rect x="12" y="12" width="76" height="76" rx="14"/>',
  hexagon: '<polygon points="50,6 89,28 89,72 50,94 11,72 11,28"/>',
  heart:
    '<path d="M50 88 C20 66 8 50 8 32 C8 18 19 8 32 8 C41 8 47 13 50 20 C53 13 59 8 68 8 C81 8 92 18 92 32 C92 50 80 66 50 88Z"/>',
  triangle: '<polygon points="50,8 93,88 7,88"/>',
  bar: '<rect x="6" y="28" width="88" height="44" rx="10"/>',
  shield: '<path d="M50 6 L88 18 C88 56 74 80 50 94 C26 80 12 56 12 18Z"/>',
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The inner SVG markup of a symbol in a 100×100 box. */
export function symbolMarkup(symbol: SymbolDef): string {
  const size = symbol.glyph.length > 2 ? 24 : symbol.glyph.length === 2 ? 34 : 44
  return (
    `<g fill="${symbol.color}" stroke="rgba(0,0,0,.25)" stroke-width="3">${shapes[symbol.shape]}</g>` +
    `<text x="50" y="52" text-anchor="middle" dominant-baseline="central" font-family="system-ui,sans-serif" ` +
    `font-weight="800" font-size="${size}" fill="#fff" stroke="rgba(0,0,0,.35)" stroke-width="1.5">${escapeXml(symbol.glyph)}</text>`
  )
}

export function symbolSvg(symbol: SymbolDef): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="${escapeXml(symbol.name)}">${symbolMarkup(symbol)}</svg>`
}

/** A square lobby icon: the theme's colours, the game's top symbol and its name. */
export function gameIconSvg(game: GameDef): string {
  const hero = game.symbols.find((s) => s.id === game.wild) ?? (game.symbols[0] as SymbolDef)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(game.name)}">` +
    `<rect width="200" height="200" rx="28" fill="${game.theme.background}"/>` +
    `<circle cx="100" cy="82" r="62" fill="${game.theme.accent}" opacity=".25"/>` +
    `<g transform="translate(45 27) scale(1.1)">${symbolMarkup(hero)}</g>` +
    `<text x="100" y="172" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="800" font-size="22" fill="${game.theme.accent}">${escapeXml(game.name)}</text>` +
    '</svg>'
  )
}
