// Lingui catalogs: Portuguese is the source language; packs compile to JSON so the server can
// serve them with a version and the client can keep them in IndexedDB. `npm run check` fails when
// a catalog is not what `npm run i18n:extract` would write or lacks a translation.
import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'pt-BR',
  locales: ['pt-BR', 'en', 'hi'],
  fallbackLocales: { default: 'pt-BR' },
  catalogs: [
    // contract/transfers.ts holds the ledger kinds' and accounts' names, which both apps show.
    { path: '<rootDir>/locales/{locale}/messages', include: ['src', 'contract/transfers.ts'] },
    // The operator console's own catalog: nothing of it is in the player app's packs.
    { path: '<rootDir>/locales/{locale}/console', include: ['console', 'contract/transfers.ts'] },
    // The game page's: it loads only its own, in the player's language.
    { path: '<rootDir>/locales/{locale}/games', include: ['games-client'] },
    // The API's own texts (refusals, field problems, tracker steps, push notices), as message descriptors.
    { path: '<rootDir>/locales/{locale}/server', include: ['server'], exclude: ['**/*.test.ts'] },
  ],
  compileNamespace: 'json',
  // Each entry names the files it comes from, not their lines: moving code leaves the catalogs as they are.
  format: formatter({ lineNumbers: false }),
})
