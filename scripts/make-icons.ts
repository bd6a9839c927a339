// Draws the app icons (192, 512 and a maskable 512) as PNGs into public/icons: a gold coin on
// the brand green. Run once with `node scripts/make-icons.ts`; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const green = [0x0b, 0x3d, 0x2e]
const gold = [0xf2, 0xc9, 0x4c]
const goldDark = [0xc9, 0x9a, 0x1e]

function crc32(buf: Buffer): number {
  let c = ~0
  for (const byte of buf) {
    c ^= byte
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1
  }
  return ~c >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

function icon(size: number, coinRadius: number): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size)
  const centre = size / 2
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - centre, y + 0.5 - centre) / size
      const colour = d < coinRadius * 0.78 ? gold : d < coinRadius ? goldDark : green
      raw.set(colour, y * (size * 3 + 1) + 1 + x * 3)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

mkdirSync('public/icons', { recursive: true })
writeFileSync('public/icons/icon-192.png', icon(192, 0.36))
writeFileSync('public/icons/icon-512.png', icon(512, 0.36))
// Maskable icons keep their subject inside the central 80 % safe zone.
writeFileSync('public/icons/icon-maskable-512.png', icon(512, 0.28))
