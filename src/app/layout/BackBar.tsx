// The back bar of non-tab pages: returns to the given path, otherwise to the previous page.
import { useLingui } from '@lingui/react/macro'
import { useLocation } from 'wouter'
import { Icon } from './Icon.tsx'

export function BackBar({ title, back }: { title: string; back?: string | undefined }) {
  const { t } = useLingui()
  const [, navigate] = useLocation()
  function goBack() {
    if (back) navigate(back)
    else if (window.history.length > 1) window.history.back()
    else navigate('/')
  }
  return (
    <div className="back-bar">
      <button type="button" className="icon-button" aria-label={t`Voltar`} onClick={goBack}>
        <Icon name="back" />
      </button>
      <h1>{title}</h1>
    </div>
  )
}
