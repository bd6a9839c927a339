// The transparency page for a visitor who has not entered the app (no 18+ confirmation, no
// account): the page alone in the app's frame, the language picker (kept on the device only) and
// the way into the app below it.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { LanguagePicker } from '../../features/account/LanguagePicker.tsx'
import TransparencyPage from '../../features/transparency/TransparencyPage.tsx'

export default function PublicTransparency() {
  const { t } = useLingui()
  const title = t`Transparência`
  useEffect(() => {
    document.title = `${title} · Jogo Limpo`
  }, [title])
  return (
    <div className="app">
      <main className="page">
        <TransparencyPage />
        <LanguagePicker onAccount={false} />
        <p className="mine-footer">
          <a href="/">
            <Trans>Abrir o Jogo Limpo</Trans>
          </a>
        </p>
      </main>
    </div>
  )
}
