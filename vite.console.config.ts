// Builds the operator console (/console/) as a build of its own, after the PWA's: it shares no
// chunk with the player app, so the app's first route does not change by a byte, and the
// player's service worker never precaches it. React, Lingui macros (through Babel) and the
// console's own catalog; gzip and brotli copies of its assets for the server to send.
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './scripts/precompress.ts'

export default defineConfig({
  root: 'console',
  base: '/console/',
  plugins: [
    react(),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    precompress('dist/console/assets'),
  ],
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } },
  },
  build: {
    target: 'es2022',
    outDir: '../dist/console',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
  },
})
