// Entry of the operator console (/console/): its own Vite build, nothing of the player app's.
import { I18nProvider } from '@lingui/react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { i18n, restoreLanguage } from './lib/i18n.ts'
import './console.css'

await restoreLanguage()
createRoot(document.getElementById('root') as HTMLElement).render(
  <I18nProvider i18n={i18n}>
    <App />
  </I18nProvider>,
)
