// Perfil › Meu saldo na prova de hoje: the player's own leaf in the latest frozen day's proof of
// liabilities (their balance then, their secret salt, their place) and the path to the root the
// transparency chain published, verified here on the device (contract/liabilities.ts) — so each
// player checks their money was counted in the total, without seeing anyone else's.
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useState } from 'react'
import { Link } from 'wouter'
import { type LiabilityProof, verifyLiabilityProof } from '../../../contract/liabilities.ts'
import { formatMoney } from '../../../contract/money.ts'
import { messageOf } from '../../lib/http.ts'
import { getLiabilityProof } from './api.ts'
import './account.css'

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; proof: LiabilityProof }

function dayLabel(day: string, locale: string) {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(y, m - 1, d),
  )
}

export default function BalanceProofPage() {
  const { t, i18n } = useLingui()
  const [state, setState] = useState<State>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    getLiabilityProof()
      .then((proof) => live && setState({ kind: 'ready', proof }))
      .catch(
        (error: unknown) =>
          live && setState({ kind: 'failed', message: messageOf(error, t`Não foi possível carregar agora.`) }),
      )
    return () => {
      live = false
    }
  }, [t])

  const proofFile = state.kind === 'ready' ? state.proof : null
  // The download link's file, made once per proof and released when it changes or the page closes.
  const file = useMemo(
    () =>
      proofFile
        ? URL.createObjectURL(new Blob([JSON.stringify(proofFile, null, 2)], { type: 'application/json' }))
        : null,
    [proofFile],
  )
  useEffect(() => () => (file ? URL.revokeObjectURL(file) : undefined), [file])

  if (state.kind === 'loading') return <div className="page-loading" aria-busy="true" />
  if (state.kind === 'failed')
    return (
      <section className="card balance-proof">
        <p className="empty-state">{state.message}</p>
      </section>
    )
  const { proof } = state
  const check = verifyLiabilityProof(proof)
  return (
    <section className="card balance-proof" data-testid="balance-proof">
      <h2>
        <Trans>
          Seu saldo em {dayLabel(proof.day, i18n.locale)}: {formatMoney(proof.balance)}
        </Trans>
      </h2>
      <p className="proof-verdict" role="status" data-testid="proof-verdict">
        {check.ok ? (
          <strong className="ok">
            <Trans>✓ Conferido neste aparelho: seu saldo está na soma publicada de {formatMoney(proof.total)}.</Trans>
          </strong>
        ) : (
          <strong className="broken">
            <Trans>✗ A prova não confere: seu saldo não chega à soma publicada. Fale com o atendimento.</Trans>
          </strong>
        )}
      </p>
      <p>
        <Trans>
          Quando o dia fecha, o saldo de cada jogador vira uma folha de uma árvore de hashes que soma tudo. A raiz e o
          total entram no registro público do dia, que não se reescreve. O seu código secreto embaralha a sua folha:
          ninguém descobre o seu saldo, e você não vê o de ninguém.
        </Trans>
      </p>
      <dl className="proof-fields">
        <dt>
          <Trans>Sua folha (posição {proof.position})</Trans>
        </dt>
        <dd>
          <code>
            {proof.day}:{proof.salt}:{proof.balance}
          </code>
        </dd>
        <dt>
          <Trans>
            Caminho até a raiz (<Plural value={proof.path.length} one="# nível" other="# níveis" />: hash e soma do
            vizinho em cada um)
          </Trans>
        </dt>
        <dd>
          <ol className="proof-path">
            {proof.path.map(([hash, sum]) => (
              <li key={hash}>
                <code>{hash.slice(0, 16)}…</code> {formatMoney(sum)}
              </li>
            ))}
          </ol>
        </dd>
        <dt>
          <Trans>Raiz publicada</Trans>
        </dt>
        <dd>
          <code>{proof.root}</code>
        </dd>
      </dl>
      <p className="hint">
        <Trans>
          Para conferir por conta própria,{' '}
          <a href={file ?? undefined} download={`prova-de-saldo-${proof.day}.json`}>
            baixe a prova
          </a>{' '}
          e rode{' '}
          <code>
            npm run transparency:verify-leaf -- prova-de-saldo-{proof.day}.json {window.location.origin}
          </code>
          . A soma de todos está em <Link href="/transparencia">Transparência</Link>.
        </Trans>
      </p>
    </section>
  )
}
