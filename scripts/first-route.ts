// The modules the first route (`/`) loads, each with its static imports: the app's start, the
// lobby, and the two parts the layout loads on every visit. The build bundles the Portuguese
// messages of exactly these with the app (split-catalog.ts, vite.config.ts); in the code, each
// lazily loaded one is marked `firstRoute: true` (src/lib/lazy.tsx) so it does not wait for the
// rest of the catalog. `npm run size` holds the first two to the first route's budget.
export const firstRouteModules = [
  'src/app/start.tsx',
  'src/features/home/HomePage.tsx',
  'src/features/deposit/DepositWatcher.tsx',
  'src/features/account/ConsentPrompt.tsx',
]
