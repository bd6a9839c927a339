// Finding a player: by user id, user name or verified name, CPF, PIX key or order id. Names and
// CPFs come masked unless the role may see them (and only such roles find players by CPF or key);
// a whole CPF is shown in its groups, 000.000.000-00 (a masked one already is).
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { formatCpf } from '../../../contract/cpf.ts'
import type { PlayerHit } from '../../../contract/ops.ts'
import { DataTable } from '../../components/DataTable.tsx'
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
      {hits && (
        <DataTable
          label={t`Jogadores encontrados`}
          rows={hits}
          rowKey={(hit) => hit.userId}
          empty={<Trans>Nenhum jogador encontrado.</Trans>}
          columns={[
            { header: '#', cell: (hit) => <Link href={`/players/${hit.userId}`}>{hit.userId}</Link> },
            { header: <Trans>Usuário</Trans>, cell: (hit) => hit.userName ?? '—' },
            { header: <Trans>Nome verificado</Trans>, cell: (hit) => hit.fullName ?? '—' },
            {
              header: 'CPF',
              testId: 'hit-cpf',
              cell: (hit) => (hit.cpf === null ? '—' : <span className="cpf">{formatCpf(hit.cpf)}</span>),
            },
            { header: <Trans>Encontrado por</Trans>, cell: (hit) => matched[hit.matched] },
          ]}
        />
      )}
    </section>
  )
}
