// A short self-check: six questions of our own about the last months, an honest
// result, and where to get help (CVV 188, the government's page on problem gambling). It never
// blocks anything and nothing is sent to the server.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'
import { helpLinks } from './api.ts'
import './limits.css'

export default function SelfCheckPage() {
  const { t } = useLingui()
  const questions = [
    t`Você já apostou mais do que tinha planejado ou podia perder?`,
    t`Você já voltou a jogar para tentar recuperar o que perdeu?`,
    t`Você já escondeu de alguém quanto tempo ou dinheiro gasta em apostas?`,
    t`Apostar já atrapalhou seu sono, trabalho, estudo ou suas contas?`,
    t`Você fica irritado ou ansioso quando tenta jogar menos?`,
    t`Você já pegou dinheiro emprestado ou vendeu algo para apostar?`,
  ]
  const [answers, setAnswers] = useState<(boolean | null)[]>(() => questions.map(() => null))
  const [done, setDone] = useState(false)
  const result = useRef<HTMLDivElement>(null)
  // The result appears under the questions: bring it into view (the bottom bar covers the page's end).
  useEffect(() => {
    if (done) result.current?.scrollIntoView({ block: 'nearest' })
  }, [done])
  const yes = answers.filter((a) => a === true).length
  const complete = answers.every((a) => a !== null)

  return (
    <section className="limits selfcheck">
      <p>
        <Trans>Pense nos últimos 12 meses. Suas respostas ficam só neste aparelho e não mudam nada na sua conta.</Trans>
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          setDone(true)
        }}
      >
        {questions.map((question, i) => (
          <fieldset key={question}>
            <legend>{question}</legend>
            {[true, false].map((value) => (
              <label key={String(value)} className="selfcheck-option">
                <input
                  type="radio"
                  name={`q${i}`}
                  checked={answers[i] === value}
                  onChange={() => {
                    setAnswers((all) => all.map((a, j) => (j === i ? value : a)))
                    setDone(false)
                  }}
                />{' '}
                {value ? t`Sim` : t`Não`}
              </label>
            ))}
          </fieldset>
        ))}
        <button type="submit" className="button" disabled={!complete}>
          <Trans>Ver resultado</Trans>
        </button>
      </form>
      {done && (
        <div className="card" role="status" data-testid="selfcheck-result" ref={result}>
          {yes === 0 ? (
            <p>
              <Trans>
                Nenhum sinal de alerta agora. Continue usando limites: eles ajudam a manter o jogo como diversão.
              </Trans>
            </p>
          ) : yes <= 2 ? (
            <p>
              <Trans>
                Algumas respostas mostram sinais de risco. Vale definir limites de perda e de tempo e conversar com
                alguém de confiança.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>
                Suas respostas mostram vários sinais de que apostar pode estar causando problemas. Considere uma pausa e
                procure ajuda: você não precisa lidar com isso sozinho.
              </Trans>
            </p>
          )}
          <ul>
            <li>
              <a href={helpLinks.cvv}>
                <Trans>CVV: ligue 188 (gratuito, 24 horas)</Trans>
              </a>
            </li>
            <li>
              <a href={helpLinks.problemGambling} target="_blank" rel="noreferrer">
                <Trans>Jogo responsável no site do governo</Trans>
              </a>
            </li>
            <li>
              <Link href="/limits">{t`Definir limites ou pedir uma pausa`}</Link>
            </li>
          </ul>
        </div>
      )}
    </section>
  )
}
