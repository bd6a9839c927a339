// The home tab. The lobby, jackpot meter and win feed arrive with the games; until there are
// real games and real wins, nothing is shown in their place (SPEC 1.1).
import { Trans } from '@lingui/react/macro'

export default function HomePage() {
  return (
    <section className="home">
      <div className="card promise">
        <h1>
          <Trans>Jogo limpo: cada número é verdadeiro.</Trans>
        </h1>
        <ul>
          <li>
            <Trans>Saldo, prêmios e RTP vêm dos registros do servidor.</Trans>
          </li>
          <li>
            <Trans>Saque por PIX sem taxas, sem depósito extra.</Trans>
          </li>
          <li>
            <Trans>Limites e autoexclusão sempre à mão.</Trans>
          </li>
        </ul>
      </div>
      <p className="empty-state">
        <Trans>Ainda não há jogos disponíveis.</Trans>
      </p>
    </section>
  )
}
