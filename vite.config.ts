// Builds the PWA: React, Lingui macros (through Babel), Lingui catalogs, the games' art (sprites
// and covers compiled from the catalog) and the service worker from `sw/` with the precache
// manifest injected (vite-plugin-pwa, injectManifest); then a gzip and a brotli copy of each
// compressible file for the server to send.

import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type Rolldown } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { gameArt } from './games-client/art/plugin.ts'
import { firstRouteModules } from './scripts/first-route.ts'
import { precompress } from './scripts/precompress.ts'
import { splitCatalog } from './scripts/split-catalog.ts'

/**
 * Puts the stylesheets first in <head>: Vite writes them after the entry script and its
 * modulepreloads, so on a slow link the CSS that the first paint waits for queued behind ~100 KB
 * of JavaScript that it does not.
 */
function stylesheetsFirst(): Plugin {
  return {
    name: 'jogo-limpo:stylesheets-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/<link rel="stylesheet"[^>]*>\s*/g) ?? []
        if (sheets.length === 0) return html
        let out = html
        for (const sheet of sheets) out = out.replace(sheet, '')
        return out.replace('</title>', `</title>\n    ${sheets.map((s) => s.trim()).join('\n    ')}`)
      },
    },
  }
}

/**
 * Lists the app's code in the HTML (src/app/main.tsx imports it once the boot shell is painted):
 * a modulepreload for each script start.tsx needs, so they download with the HTML as before and
 * only their evaluation waits — at low priority, as the shell's first paint needs only the HTML
 * and the stylesheets, which a slow link should deliver first — and its stylesheets as
 * render-blocking links, as when they were the entry's.
 */
function preloadApp(start = 'src/app/start.tsx'): Plugin {
  return {
    name: 'jogo-limpo:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        // The app's page only: the game page (games-client/index.html) is an entry of its own.
        if (!bundle || context.path !== '/index.html') return html
        const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk')
        const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(start))
        if (!root) throw new Error(`preloadApp: no chunk for ${start}`)
        const scripts = new Set<string>()
        const sheets = new Set<string>()
        const visit = (chunk: Rolldown.OutputChunk | undefined) => {
          if (!chunk || scripts.has(chunk.fileName)) return
          scripts.add(chunk.fileName)
          for (const css of chunk.viteMetadata?.importedCss ?? []) sheets.add(css)
          for (const file of chunk.imports) visit(chunks.find((c) => c.fileName === file))
        }
        visit(root)
        const links = [
          ...[...sheets]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
          ...[...scripts]
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`),
        ]
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
      },
    },
  }
}

export default defineConfig({
  plugins: [
    preloadApp(),
    stylesheetsFirst(),
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    splitCatalog(firstRouteModules),
    gameArt(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // A game's sprite is cached when the game first opens (sw/runtime.ts), not installed with the app.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        globIgnores: ['games-client/art/**', 'screenshots/**', 'splash/**'],
      },
      manifest: {
        id: '/',
        name: 'Jogo Limpo',
        short_name: 'Jogo Limpo',
        description: 'Jogos com cada número verdadeiro. PIX sem taxas.',
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        categories: ['games', 'entertainment'],
        // The splash Android draws from the manifest: the icon on the brand green (scripts/make-icons.ts).
        background_color: '#0b3d2e',
        theme_color: '#0b3d2e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Shown by the install sheet (`npm run screenshots -- --manifest`).
        screenshots: [
          {
            src: '/screenshots/lobby.jpg',
            sizes: '780x1688',
            type: 'image/jpeg',
            form_factor: 'narrow',
            label: 'Jogos com RTP, volatilidade e regras à vista',
          },
          {
            src: '/screenshots/game.jpg',
            sizes: '780x1688',
            type: 'image/jpeg',
            form_factor: 'narrow',
            label: 'Tigre Sortudo: cada rodada verificável',
          },
        ],
      },
    }),
    precompress(),
  ],
  server: { proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } } },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // The game page is its own entry: it shares nothing with the app but the contract code.
    rollupOptions: { input: { app: 'index.html', game: 'games-client/index.html' } },
  },
})
