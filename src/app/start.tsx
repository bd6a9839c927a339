// The PWA itself, started by main.tsx once the boot shell is on screen: the React root, the
// service worker and the install prompt.
import { hydrateRoot } from 'react-dom/client'
import { listenForInstallPrompt, registerServiceWorker } from '../lib/pwa.ts'
import { App } from './App.tsx'

// The legacy client's links are hash routes (`/#/404`, `/#/pay`): the same page at its real path.
if (location.hash.startsWith('#/')) history.replaceState(null, '', location.hash.slice(1))
listenForInstallPrompt()
// Hydrated, not rendered: React adopts index.html's boot shell (its first render is the same
// markup) instead of replacing it with new elements, which the browser would count as a second,
// later largest paint — after the app's script, where the first was before it.
hydrateRoot(document.getElementById('root') as HTMLElement, <App />)
registerServiceWorker()
