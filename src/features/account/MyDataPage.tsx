// Perfil › Meus dados (LGPD art. 18): download everything the server holds about the player as a
// JSON file, give or correct the address and gender of the registration, and where each other kind
// of data is corrected — or why it is not corrected here.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Link } from 'wouter'
import { messageOf } from '../../lib/http.ts'
import { downloadMyData } from './api.ts'
import { RegistrationCard } from './RegistrationCard.tsx'
import './account.css'

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string }

export default function MyDataPage() {
  const { t } = useLingui()
  const [state, setState] = useState<State>({ kind: 'idle' })

  async function download() {
    setState({ kind: 'busy' })
    try {
      await downloadMyData()
      setState({ kind: 'done' })
    } catch (error) {
      setState({ kind: 'failed', message: messageOf(error, t`Não foi possível baixar agora. Tente de novo.`) })
    }
  }

  return (
    <>
      <section className="card my-data">
        <h2>
          <Trans>Baixar meus dados</Trans>
        </h2>
        <p>
          <Trans>
            Um arquivo (JSON) com tudo o que guardamos sobre você: conta, verificação de identidade, limites e pausas,
            movimentações do saldo, rodadas, depósitos, saques, conversas com o atendimento, consentimentos, contatos e
            aparelhos. Senhas, códigos e chaves de acesso não vão no arquivo, e nenhuma imagem é guardada.
          </Trans>
        </p>
        <button type="button" className="button" onClick={download} disabled={state.kind === 'busy'}>
          {state.kind === 'busy' ? <Trans>Preparando o arquivo…</Trans> : <Trans>Baixar meus dados</Trans>}
        </button>
        <p role="status" className="my-data-status">
          {state.kind === 'done' && <Trans>Arquivo baixado. Guarde-o em um lugar seguro: ele tem seu CPF.</Trans>}
          {state.kind === 'failed' && state.message}
        </p>
      </section>
      <RegistrationCard />
      <section className="card my-data">
        <h2>
          <Trans>Corrigir meus dados</Trans>
        </h2>
        <ul className="my-data-fixes">
          <li>
            <Trans>
              <strong>E-mail e celular:</strong> troque em <Link href="/security">Segurança da conta</Link>; o novo vale
              depois que você confirmar o código que enviamos a ele.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Endereço e gênero:</strong> corrija no quadro acima.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Idioma:</strong> escolha no <Link href="/mine">Perfil</Link>.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Limites e pausas:</strong> em <Link href="/limits">Limites e controle</Link>.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Nome, CPF e data de nascimento:</strong> foram conferidos na Receita Federal e não mudam pelo app.
              Se algo estiver errado, fale com o <Link href="/service">Atendimento</Link>: a equipe confirma sua
              identidade antes de corrigir.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Nome de usuário:</strong> é o seu login e não pode ser trocado.
            </Trans>
          </li>
        </ul>
      </section>
    </>
  )
}
