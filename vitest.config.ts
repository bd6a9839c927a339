// Three test projects: the server (Node, real SQLite and PostgreSQL), the game page's modules
// (Node, with the build's Lingui macro transform) and the PWA's components (jsdom +
// fake-indexeddb, with the same React/Lingui transforms as the build).

import { availableParallelism } from 'node:os'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // A worker per core. Vitest's default leaves one core free — a single worker on a 2-core
    // machine — and a server test waits on its databases, fsyncs and sockets much of the time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/chaos/**/*.test.ts'],
          setupFiles: ['tests/support/server-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [babel({ presets: [linguiTransformerBabelPreset()] })],
        test: { name: 'game-page', environment: 'node', include: ['games-client/**/*.test.ts'] },
      },
      {
        plugins: [react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testSetup.ts'],
        },
      },
    ],
  },
})
