// A Vite build plugin: writes a gzip and a brotli copy next to every compressible hashed asset
// of the build (`assets/`: scripts, styles, SVG, JSON), so the server sends the first route
// compressed (ARCHITECTURE: "served compressed") without compressing on each request. The HTML
// shells (~2 KB) stay plain.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const COMPRESSIBLE = /\.(js|mjs|css|svg|json)$/
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else yield full
  }
}

export function precompress(assetsDir = 'dist/assets'): Plugin {
  return {
    name: 'jogo-limpo:precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of files(path.resolve(assetsDir))) {
          if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue
          const content = readFileSync(file)
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
        }
      },
    },
  }
}
