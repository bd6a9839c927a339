// The line above a screen showing the answer kept on the device because the read failed
// (offline, the server away): says so and when that answer was given, so no number passes for
// live. It goes away by itself with the next good read.
import { Trans, useLingui } from '@lingui/react/macro'
import { formatMinute } from './time.ts'

export function KeptNote({ at }: { at: number | null }) {
  const { i18n } = useLingui()
  if (at === null) return null
  const time = formatMinute(at, i18n.locale)
  return (
    <p className="kept-note" role="status" data-testid="offline-note">
      <Trans>Sem conexão: mostrando os dados de {time}, guardados neste aparelho.</Trans>
    </p>
  )
}
