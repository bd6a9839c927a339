// The language picker: the languages the server lists (Português, English, हिन्दी; the bundled
// list offline). The choice is kept on the device
// and, on the account when `onAccount` (not on the 18+ screen: saving there would log in before
// the confirmation; the login sends the language anyway).
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { isLanguage, type Language, languageNames, languages } from '../../../contract/languages.ts'
import { request } from '../../lib/http.ts'
import { activateLanguage, languageAtom } from '../../lib/i18n.ts'
import { useAtomValue } from '../../lib/store.ts'
import { showToast } from '../../lib/toast.ts'
import { saveLanguage } from './api.ts'
import './account.css'

export function LanguagePicker({ onAccount = true }: { onAccount?: boolean }) {
  const { t } = useLingui()
  const current = useAtomValue(languageAtom)
  // The server's list (GET /cache/getLangList); the bundled one only when it cannot be read.
  const [shown, setShown] = useState<readonly Language[]>(languages)
  useEffect(() => {
    request<{ languages: { code: string }[] }>('/cache/getLangList')
      .then((envelope) => {
        const codes = (envelope.data?.languages ?? []).map((l) => l.code).filter(isLanguage)
        if (codes.length > 0) setShown(codes)
      })
      .catch(() => undefined)
  }, [])

  async function choose(language: Language) {
    const loaded = await activateLanguage(language)
    if (!loaded) {
      showToast(t`Não foi possível baixar este idioma agora. Mostrando em português.`)
      return
    }
    if (!onAccount) return
    saveLanguage({ language }).catch(() => {
      // Kept on the device; the account is told next time the player changes it online.
    })
  }

  return (
    <fieldset className="language-picker">
      <legend>
        <Trans>Idioma</Trans>
      </legend>
      {shown.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={language === current ? 'chip active' : 'chip'}
          aria-pressed={language === current}
          onClick={() => void choose(language)}
        >
          {languageNames[language]}
        </button>
      ))}
    </fieldset>
  )
}
