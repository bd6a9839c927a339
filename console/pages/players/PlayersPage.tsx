// Finding a player: by user id, user name or verified name, CPF, PIX key or order id. Names and
// CPFs come masked unless the role may see them (and only such roles find players by CPF or key).
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import type { PlayerHit } from '../../../contract/ops.ts'
import { searchPlayers } from './api.ts'

export default function PlayersPage() {
  const { t } = useLingui()
  const [q, setQ] = useState('')
  const [hits, setHits] = useState<PlayerHit[]>()
  const [error, setError] = useState<string>()
  const search = async (event: FormEvent) => {
    event.preventDefault()
    setError(undefined)
    try {
      setHits((await searchPlayers(q)).hits)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  const matched: Record<PlayerHit['matched'], string> = {
    id: t`número`,
    name: t`nome`,
    cpf: 'CPF',
    pix_key: t`chave PIX`,
    order: t`pedido`,
  }
  return (
    <section className="panel">
      <h1>
        <Trans>Jogadores</Trans>
      </h1>
      <search>
        <form className="search" onSubmit={(event) => void search(event)}>
          <label className="field">
            <span>
              <Trans>Número, nome, CPF, chave PIX ou pedido</Trans>
            </span>
            <input value={q} required maxLength={100} onChange={(event) => setQ(event.target.value)} />
          </label>
          <button type="submit" className="button">
            <Trans>Buscar</Trans>
          </button>
        </form>
      </search>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {hits && hits.length === 0 && (
        <p className="muted">
          <Trans>Nenhum jogador encontrado.</Trans>
        </p>
      )}
      {hits && hits.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">
                <Trans>Usuário</Trans>
              </th>
              <th scope="col">
                <Trans>Nome verificado</Trans>
              </th>
              <th scope="col">CPF</th>
              <th scope="col">
                <Trans>Encontrado por</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {hits.map((hit) => (
              <tr key={hit.userId}>
                <td>
                  <Link href={`/players/${hit.userId}`}>{hit.userId}</Link>
                </td>
                <td>{hit.userName ?? '—'}</td>
                <td>{hit.fullName ?? '—'}</td>
                <td>{hit.cpf ?? '—'}</td>
                <td>{matched[hit.matched]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
