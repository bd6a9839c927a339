// Compiles the games' art at build time (games-client/art/plugin.ts) from the catalog: for each
// game one SVG sprite — every symbol as a view (`#s-W`) — its background scene, and a lobby cover. Only the illustrations the catalog names are taken from
// the art set (Fluent Emoji Flat, MIT, by Microsoft, installed from npm: nothing is fetched at run
// time), recoloured where a symbol asks for a hue; sevens are our own drawings (drawings.ts).
// The profile's nine avatars come from the same art set.

import { getIconData, iconToSVG } from '@iconify/utils'
import { icons } from '@iconify-json/fluent-emoji-flat'
import type { GameDef, SymbolDef } from '../../contract/games/engine.ts'
import { drawings } from './drawings.ts'

const CELL = 100
/**
 * Symbols sit this far apart in the sprite, with nothing above or below them: a view shown in a
 * box of another shape is letterboxed with empty space, never with part of another drawing.
 */
const PITCH = CELL * 3
const BACKGROUND = { width: 360, height: 780 }

/** Gives every id in the markup a prefix (and its references), so illustrations can share a file. */
function prefixIds(body: string, prefix: string): string {
  const ids = [...body.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] as string)
  let out = body
  for (const id of ids) {
    out = out.split(`id="${id}"`).join(`id="${prefix}${id}"`).split(`#${id})`).join(`#${prefix}${id})`)
    out = out.split(`href="#${id}"`).join(`href="#${prefix}${id}"`)
  }
  return out
}

function hexToHsl(hex: string): [number, number, number] {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return [h * 60, s, l]
}

function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return `#${[0, 8, 4]
    .map((n) =>
      Math.round(f(n) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`
}

/** Turns the illustration's coloured parts so its main colour has `hue`, keeping shading; greys stay. */
function turnHue(body: string, hue: number): string {
  const colours = [...body.matchAll(/#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/g)].map((m) => m[0].toLowerCase())
  const saturated = colours.map(hexToHsl).filter(([, s]) => s > 0.25)
  if (saturated.length === 0) return body
  // The main colour: the most common saturated hue, to the nearest 10°.
  const buckets = new Map<number, number>()
  for (const [h] of saturated) buckets.set(Math.round(h / 10), (buckets.get(Math.round(h / 10)) ?? 0) + 1)
  const main = ([...buckets.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0) * 10
  return body.replace(/#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b/g, (hex) => {
    const [h, s, l] = hexToHsl(hex.toLowerCase())
    return s > 0.25 ? hslToHex((h - main + hue + 360) % 360, s, l) : hex
  })
}

/** An illustration's markup in a 32×32 box. */
export function illustration(art: string, prefix: string, hue?: number): string {
  let body: string
  if (art.startsWith('own:')) {
    const drawing = drawings[art.slice(4)]
    if (!drawing) throw new Error(`No drawing "${art}"`)
    body = drawing
  } else {
    const data = getIconData(icons, art)
    if (!data) throw new Error(`The art set has no "${art}"`)
    body = iconToSVG(data).body
  }
  return prefixIds(hue === undefined ? body : turnHue(body, hue), prefix)
}

/** The illustration placed in a square at (x, y). */
function placed(art: string, prefix: string, x: number, y: number, size: number, extra = '', hue?: number): string {
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 32 32"${extra}>${illustration(art, prefix, hue)}</svg>`
}

/** A deterministic scatter of positions, the same on every build. */
function scatter(seed: string, count: number, width: number, height: number) {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261)
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
  return Array.from({ length: count }, (_, i) => ({
    x: ((i % 4) + next() * 0.8) * (width / 4) - 20,
    y: (Math.floor(i / 4) + next() * 0.8) * (height / Math.ceil(count / 4)) - 20,
    size: 44 + next() * 52,
    turn: Math.round(next() * 50 - 25),
  }))
}

/** A ring behind a special symbol: solid in the game's accent for the wild, dashed white for the scatter. */
function ring(cx: number, colour: string, dashed: boolean): string {
  const dash = dashed ? ' stroke-dasharray="9 6"' : ''
  return (
    `<circle cx="${cx}" cy="48" r="44" fill="${colour}" fill-opacity=".16" stroke="#000" stroke-opacity=".3" stroke-width="9"${dash}/>` +
    `<circle cx="${cx}" cy="48" r="44" fill="none" stroke="${colour}" stroke-width="5"${dash}/>`
  )
}

function symbolCell(game: GameDef, symbol: SymbolDef, index: number): string {
  const x = CELL + index * PITCH
  const prefix = `${game.id}-${symbol.id}-`
  // The wild and the scatter wear a ring: told apart from the others before reading the rules.
  const halo =
    symbol.id === game.wild
      ? ring(x + 50, game.theme.accent, false)
      : symbol.id === game.scatter
        ? ring(x + 50, '#ffffff', true)
        : ''
  return (
    `<view id="s-${symbol.id}" viewBox="${x} ${CELL} ${CELL} ${CELL}"/>` +
    `<g transform="translate(0 ${CELL})">` +
    halo +
    `<ellipse cx="${x + 50}" cy="88" rx="30" ry="6" fill="#000" opacity=".14"/>` +
    placed(symbol.art, prefix, x + 14, 10, 72, '', symbol.hue) +
    '</g>'
  )
}

/** The game's background scene, a file of its own (no symbol beside it). */
export function gameScene(game: GameDef): string {
  const { width, height } = BACKGROUND
  const id = `${game.id}-sky`
  const pieces = scatter(game.id, 16, width, height)
    .map((p, i) => {
      const art = game.theme.scenery[i % game.theme.scenery.length] as string
      const centre = `${p.x + p.size / 2} ${p.y + p.size / 2}`
      return `<g opacity=".17" transform="rotate(${p.turn} ${centre})">${placed(art, `${game.id}-bg${i}-`, p.x, p.y, p.size)}</g>`
    })
    .join('')
  return (
    // Sliced, not letterboxed: whatever box shows it is filled by the scene alone.
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice">` +
    `<defs><radialGradient id="${id}" cx=".5" cy=".28" r=".8">` +
    `<stop offset="0" stop-color="${game.theme.accent}" stop-opacity=".45"/>` +
    `<stop offset=".55" stop-color="${game.theme.background}" stop-opacity=".2"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="${game.theme.background}"/>` +
    `<rect width="${width}" height="${height}" fill="url(#${id})"/>` +
    pieces +
    '</svg>'
  )
}

/**
 * The game's sprite: its symbols in a row, far apart. The document's own size is one symbol's
 * square, so a symbol's view drawn at the image's size (a canvas, a square cell) fills it exactly;
 * the view's viewBox reaches the symbols outside that square.
 */
export function gameSprite(game: GameDef): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CELL} ${CELL}" width="${CELL}" height="${CELL}">` +
    game.symbols.map((symbol, i) => symbolCell(game, symbol, i)).join('') +
    '</svg>'
  )
}

/** The lobby cover: the game's world — its colours and scenery, the wild big in front, two symbols beside it. */
export function gameCover(game: GameDef): string {
  const size = 240
  const hero = game.symbols.find((s) => s.id === game.wild) ?? (game.symbols[0] as SymbolDef)
  const sides = game.symbols.filter((s) => s !== hero && s.id !== game.scatter).slice(0, 2)
  const glow = `${game.id}-cover-glow`
  const scenery = scatter(`${game.id}-cover`, 8, size, size)
    .map((p, i) => {
      const art = game.theme.scenery[i % game.theme.scenery.length] as string
      return `<g opacity=".22">${placed(art, `${game.id}-cv${i}-`, p.x, p.y, p.size * 0.8)}</g>`
    })
    .join('')
  const [left, right] = sides
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
    `<defs><radialGradient id="${glow}" cx=".5" cy=".42" r=".62">` +
    `<stop offset="0" stop-color="${game.theme.accent}" stop-opacity=".85"/>` +
    `<stop offset=".6" stop-color="${game.theme.accent}" stop-opacity=".15"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".35"/></radialGradient>` +
    `<clipPath id="${game.id}-cover-clip"><rect width="${size}" height="${size}" rx="30"/></clipPath></defs>` +
    `<g clip-path="url(#${game.id}-cover-clip)">` +
    `<rect width="${size}" height="${size}" fill="${game.theme.background}"/>` +
    scenery +
    `<rect width="${size}" height="${size}" fill="url(#${glow})"/>` +
    (left ? placed(left.art, `${game.id}-cl-`, 8, 128, 96, ' opacity=".95"', left.hue) : '') +
    (right ? placed(right.art, `${game.id}-cr-`, 136, 128, 96, ' opacity=".95"', right.hue) : '') +
    `<ellipse cx="120" cy="206" rx="62" ry="10" fill="#000" opacity=".25"/>` +
    placed(hero.art, `${game.id}-ch-`, 42, 34, 156, '', hero.hue) +
    '</g></svg>'
  )
}

/** The nine profile avatars (index 1–9, fixed per account): an animal on a disc of its colour. */
export const avatars = [
  { art: 'fox', colour: '#13694e' },
  { art: 'panda', colour: '#0b6ea8' },
  { art: 'cat-face', colour: '#8a3ffc' },
  { art: 'tiger-face', colour: '#b3261e' },
  { art: 'monkey-face', colour: '#7a4d00' },
  { art: 'frog', colour: '#075e54' },
  { art: 'koala', colour: '#5b6d66' },
  { art: 'rabbit-face', colour: '#a0246b' },
  { art: 'owl', colour: '#1f3a93' },
] as const

export function avatarDrawing(index: number): string {
  const avatar = avatars[index - 1]
  if (!avatar) throw new Error(`No avatar ${index}`)
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96">' +
    `<circle cx="48" cy="48" r="48" fill="${avatar.colour}"/>` +
    `<circle cx="48" cy="48" r="40" fill="#fff" fill-opacity=".16"/>` +
    placed(avatar.art, `avatar${index}-`, 16, 14, 64) +
    '</svg>'
  )
}

/** Every file the build emits, by path under dist/. */
export function gameArtFiles(catalog: readonly GameDef[]): Map<string, string> {
  const files = new Map<string, string>()
  for (let index = 1; index <= avatars.length; index++) files.set(`avatars/${index}.svg`, avatarDrawing(index))
  for (const game of catalog) {
    files.set(`games-client/art/${game.id}.svg`, gameSprite(game))
    files.set(`games-client/art/${game.id}-scene.svg`, gameScene(game))
    files.set(`games-client/covers/${game.id}.svg`, gameCover(game))
  }
  return files
}
