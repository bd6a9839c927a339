// The first screen: the player confirms they are 18 or older. Under-18s are told
// they cannot use the app.
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { LanguagePicker } from './LanguagePicker.tsx'

export function AgeGate({ onConfirmed }: { onConfirmed: () => void }) {
  const [underage, setUnderage] = useState(false)
  return (
    <div className="app age-gate">
      <main className="page centered">
        <h1>Jogo Limpo</h1>
        {underage ? (
          <>
            <p role="alert">
              <Trans>O Jogo Limpo é só para maiores de 18 anos. Você não pode jogar nem depositar.</Trans>
            </p>
            <button type="button" className="link" onClick={() => setUnderage(false)}>
              <Trans>Voltar</Trans>
            </button>
          </>
        ) : (
          <>
            <p>
              <Trans>Jogos de aposta são só para adultos. Você tem 18 anos ou mais?</Trans>
            </p>
            <button type="button" className="button" onClick={onConfirmed}>
              <Trans>Sim, tenho 18 anos ou mais</Trans>
            </button>
            <button type="button" className="button secondary" onClick={() => setUnderage(true)}>
              <Trans>Não</Trans>
            </button>
            <LanguagePicker onAccount={false} />
          </>
        )}
      </main>
    </div>
  )
}
