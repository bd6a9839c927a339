// Entry of the PWA: styles, the React root, the service worker and the install prompt.
import { createRoot } from 'react-dom/client'
import { listenForInstallPrompt, registerServiceWorker } from '../lib/pwa.ts'
import { App } from './App.tsx'
import './styles.css'

listenForInstallPrompt()
createRoot(document.getElementById('root') as HTMLElement).render(<App />)
registerServiceWorker()
