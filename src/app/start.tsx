// The PWA itself, started by main.tsx once the boot shell is on screen: the React root, the
// service worker and the install prompt.
import { createRoot } from 'react-dom/client'
import { listenForInstallPrompt, registerServiceWorker } from '../lib/pwa.ts'
import { App } from './App.tsx'

// The seed's links are hash routes (`/#/404`, `/#/pay`): the same page at its real path.
if (location.hash.startsWith('#/')) history.replaceState(null, '', location.hash.slice(1))
listenForInstallPrompt()
createRoot(document.getElementById('root') as HTMLElement).render(<App />)
registerServiceWorker()
