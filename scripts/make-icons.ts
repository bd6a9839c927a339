// Draws the app's icons and iOS splash into public/ as PNGs: a slot machine from the games' art
// set (Fluent Emoji Flat, MIT) on the brand green, with a gold seal and a check — a game that
// keeps its word. The "any" icons (192, 512, 180 for iOS), a maskable 512 (everything inside the
// central 80 % safe zone over a full-bleed background) and a 1170×2532 JPEG splash (iPhone
// 390×844 at 3×). SVG composed here, rasterised by Debian's Chromium, the PNGs reduced to a
// 256-colour palette by upng-js (a browser fetches the 192 icon on a first visit: 18 KB → a
// third of that). Run `npm run icons`; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import UPNG from 'upng-js'
import { illustration } from '../games-client/art/compile.ts'
import { cliArgs } from './cli-args.ts'

cliArgs({}, 'usage: npm run icons')

const GREEN_LIGHT = '#1f7a58'
const GREEN_DARK = '#0b3d2e'
const GOLD = '#f2c94c'

/** The mark: the slot machine, a gold seal with a check, in a 100×100 box. */
function mark(): string {
  return (
    '<ellipse cx="50" cy="88" rx="30" ry="5" fill="#000" opacity=".25"/>' +
    `<svg x="10" y="6" width="80" height="80" viewBox="0 0 32 32">${illustration('slot-machine', 'icon-')}</svg>` +
    `<circle cx="76" cy="72" r="15" fill="${GOLD}" stroke="${GREEN_DARK}" stroke-width="3"/>` +
    `<path d="M69 72.5l5 5 9-10" fill="none" stroke="${GREEN_DARK}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`
  )
}

function background(width: number, height: number): string {
  return (
    `<defs><radialGradient id="bg" cx=".5" cy=".38" r=".75">` +
    `<stop offset="0" stop-color="${GREEN_LIGHT}"/><stop offset="1" stop-color="${GREEN_DARK}"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`
  )
}

/** A square icon; `scale` keeps the mark inside the safe zone of a maskable icon. */
function icon(size: number, scale: number): string {
  const inner = size * scale
  const offset = (size - inner) / 2
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    background(size, size) +
    `<svg x="${offset}" y="${offset}" width="${inner}" height="${inner}" viewBox="0 0 100 100">${mark()}</svg></svg>`
  )
}

function splash(width: number, height: number): string {
  const size = width * 0.42
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    background(width, height) +
    `<svg x="${(width - size) / 2}" y="${height * 0.3}" width="${size}" height="${size}" viewBox="0 0 100 100">${mark()}</svg>` +
    `<text x="${width / 2}" y="${height * 0.3 + size + 150}" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="800" font-size="120" fill="#fff">Jogo Limpo</text>` +
    `<text x="${width / 2}" y="${height * 0.3 + size + 260}" text-anchor="middle" font-family="system-ui,sans-serif" font-size="56" fill="${GOLD}">Cada número verdadeiro</text>` +
    '</svg>'
  )
}

const files: [string, string, number, number][] = [
  ['public/icons/icon-192.png', icon(192, 0.92), 192, 192],
  ['public/icons/icon-512.png', icon(512, 0.92), 512, 512],
  ['public/icons/apple-touch-icon.png', icon(180, 0.86), 180, 180],
  ['public/icons/icon-maskable-512.png', icon(512, 0.72), 512, 512],
  ['public/splash/splash-1170x2532.jpg', splash(1170, 2532), 1170, 2532],
]

function toArrayBuffer(buffer: Buffer): ArrayBuffer {
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer
}

mkdirSync('public/icons', { recursive: true })
mkdirSync('public/splash', { recursive: true })
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  for (const [file, svg, width, height] of files) {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 })
    await page.setContent(`<body style="margin:0">${svg}</body>`)
    if (file.endsWith('.jpg')) {
      // The splash is a photo-like gradient: JPEG keeps it small.
      await page.screenshot({ path: file, type: 'jpeg', quality: 82 })
    } else {
      const png = UPNG.decode(toArrayBuffer(await page.screenshot()))
      const rgba = UPNG.toRGBA8(png)[0] as ArrayBuffer
      writeFileSync(file, Buffer.from(UPNG.encode([rgba], width, height, 256)))
    }
    await page.close()
    console.log(file)
  }
} finally {
  await browser.close()
}
