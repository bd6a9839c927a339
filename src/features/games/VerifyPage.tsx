// The fairness verifier (/verify): recomputes a spin in the browser from the revealed
// server seed, the client seed and the nonce — HMAC-SHA256 with @noble/hashes, the same engine
// code as the server, on the game version the round was played on — and compares stops and win
// (free spins included) with the recorded round. It also shows the active seed pair (hash only)
// and the committed next server seed's hash; rotating activates exactly that seed with a client
// seed the player types or this browser makes, and reveals the old one.

import { Trans, useLingui } from '@lingui/react/macro'
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { useEffect, useRef, useState } from 'react'
import { useSearch } from 'wouter'
import { symbolUrl } from '../../../contract/games/art.ts'
import type { GameDef } from '../../../contract/games/engine.ts'
import { type HmacSha256, spinOutcome } from '../../../contract/games/fair.ts'
import type { Language } from '../../../contract/languages.ts'
import { formatMoney } from '../../../contract/money.ts'
import { messageOf } from '../../lib/http.ts'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getGameDef, getGameList, getRound, getSeeds, rotateSeeds } from './api.ts'
import './games.css'

const encoder = new TextEncoder()
const browserHmac: HmacSha256 = (key, message) => hmac(sha256, encoder.encode(key), encoder.encode(message))
const sha256Hex = (text: string) => bytesToHex(sha256(encoder.encode(text)))

interface Inputs {
  gameId: string
  serverSeed: string
  clientSeed: string
  nonce: string
  bet: string
}

const games = new Map<string, Promise<GameDef>>()
/** The game as it was at `version` (every version stays published), or its current version. */
function loadGame(id: string, version: number | null): Promise<GameDef> {
  const query = version === null ? '' : `?version=${version}`
  let loading = games.get(`${id}${query}`)
  if (!loading) {
    loading = getGameDef(id, version)
    games.set(`${id}${query}`, loading)
  }
  return loading
}

/** A client seed made in this browser: 128 random bits as hex. */
function browserClientSeed(): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(16)))
}

export default function VerifyPage() {
  const { t, i18n } = useLingui()
  const roundId = new URLSearchParams(useSearch()).get('round')
  const [inputs, setInputs] = useState<Inputs>({ gameId: '', serverSeed: '', clientSeed: '', nonce: '0', bet: '100' })
  const [game, setGame] = useState<GameDef | null>(null)
  const [newClientSeed, setNewClientSeed] = useState('')
  const { data: seeds, setData: setSeeds } = useApiData(getSeeds, [])
  const { data: catalog } = useApiData(getGameList, [])
  const { data: round, reload: reloadRound } = useApiData(
    async () => (roundId ? getRound({ roundId }) : null),
    [roundId],
    { failure: t`Rodada não encontrada.` },
  )

  // The inputs are filled when a round loads or its seed is revealed, not on every re-read.
  const filledFrom = useRef<string | null>(null)
  useEffect(() => {
    if (!round) return
    const key = `${round.roundId}:${round.serverSeed}`
    if (filledFrom.current === key) return
    filledFrom.current = key
    setInputs({
      gameId: round.gameId,
      serverSeed: round.serverSeed ?? '',
      clientSeed: round.clientSeed,
      nonce: String(round.nonce),
      bet: String(round.bet),
    })
  }, [round])

  const version = round && round.gameId === inputs.gameId ? round.gameVersion : null
  useEffect(() => {
    if (inputs.gameId) loadGame(inputs.gameId, version).then(setGame, () => setGame(null))
  }, [inputs.gameId, version])

  async function rotate() {
    try {
      // The server seed it activates was committed (its hash shown here) before this client seed existed.
      const { nextServerSeedHash } = seeds ?? (await getSeeds())
      // /v1/games/seeds always commits one; without it there is nothing honest to activate.
      if (!nextServerSeedHash) throw new Error('no committed server seed')
      const clientSeed = newClientSeed.trim() || browserClientSeed()
      setSeeds(await rotateSeeds({ clientSeed, nextServerSeedHash }))
      setNewClientSeed('')
      void reloadRound()
    } catch (e) {
      showToast(messageOf(e, t`Não foi possível trocar a semente.`))
    }
  }

  const nonce = Number(inputs.nonce)
  const bet = Number(inputs.bet)
  const outcome =
    game && inputs.serverSeed && Number.isSafeInteger(nonce) && nonce >= 0 && bet > 0
      ? spinOutcome(game, bet, { serverSeed: inputs.serverSeed, clientSeed: inputs.clientSeed, nonce }, browserHmac)
      : null
  const hashMatches = round && inputs.serverSeed ? sha256Hex(inputs.serverSeed) === round.serverSeedHash : null
  const stopsMatch = round && outcome ? outcome.stops.join(',') === round.stops.join(',') : null
  const winMatches = round && outcome ? outcome.win === round.win : null
  // A round of a game no longer in the catalog still names it (its definition stays published).
  const gameChoices = [
    ...(catalog?.games ?? []).map((g) => ({ id: g.id, name: g.name })),
    ...(inputs.gameId && !catalog?.games.some((g) => g.id === inputs.gameId)
      ? [{ id: inputs.gameId, name: game?.id === inputs.gameId ? game.name : inputs.gameId }]
      : []),
  ]
  const field = (key: keyof Inputs, label: string) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={inputs[key]}
        data-testid={`verify-${key}`}
        onChange={(e) => setInputs((v) => ({ ...v, [key]: e.target.value }))}
      />
    </label>
  )

  return (
    <section className="verify">
      <div className="card">
        <h2>
          <Trans>Como verificar</Trans>
        </h2>
        <p>
          <Trans>
            Antes de cada rodada o servidor mostra o hash SHA-256 da sua semente secreta. O resultado vem de
            HMAC-SHA256(semente do servidor, "semente do cliente:nonce:bloco"), e cada parada dos rolos é sorteada sem
            viés. Ao trocar o par de sementes, a semente antiga é revelada e qualquer rodada pode ser refeita aqui, no
            seu aparelho.
          </Trans>
        </p>
      </div>

      {round && !round.serverSeed && (
        <div className="card notice" data-testid="verify-hidden">
          <p>
            <Trans>A semente desta rodada ainda está em uso. Troque o par de sementes para revelá-la.</Trans>
          </p>
          <button type="button" className="button" data-testid="verify-reveal" onClick={() => void rotate()}>
            <Trans>Trocar sementes e revelar</Trans>
          </button>
        </div>
      )}

      <div className="card verify-form">
        <label className="field">
          <span>
            <Trans>Jogo</Trans>
          </span>
          {/* Games by their names; the id stays the value the recomputation uses. */}
          <select
            value={inputs.gameId}
            data-testid="verify-gameId"
            onChange={(e) => setInputs((v) => ({ ...v, gameId: e.target.value }))}
          >
            <option value="">{t`Escolha o jogo`}</option>
            {gameChoices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </select>
          {game && game.id === inputs.gameId && (
            <small className="hint" data-testid="verify-game-version">
              <Trans>
                {game.name}, versão {game.version}
              </Trans>
            </small>
          )}
        </label>
        {field('serverSeed', t`Semente do servidor (revelada)`)}
        {field('clientSeed', t`Semente do cliente`)}
        {field('nonce', t`Nonce`)}
        {field('bet', t`Aposta (centavos)`)}
      </div>

      {outcome && game && (
        <div className="card verify-result" data-testid="verify-result">
          <div className="verify-window" style={{ gridTemplateColumns: `repeat(${game.reels.length}, 1fr)` }}>
            {outcome.evaluation.window.map((column, reel) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a reel's position is its identity in the fixed window
              <div key={`${reel}-${outcome.stops[reel]}`} className="verify-column">
                {column.map((symbol, row) => (
                  <img
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's position is its identity in the fixed window
                    key={`${row}-${symbol}`}
                    src={symbolUrl(game.id, symbol)}
                    alt={game.symbols.find((s) => s.id === symbol)?.name[i18n.locale as Language] ?? symbol}
                    width="40"
                    height="40"
                  />
                ))}
              </div>
            ))}
          </div>
          <p>
            <Trans>Paradas:</Trans> <code data-testid="verify-stops">{outcome.stops.join(', ')}</code>
          </p>
          {outcome.freeSpins.length > 0 && (
            <p data-testid="verify-free-spins">
              <Trans>
                Rodadas grátis: {outcome.freeSpins.length}, ganho {formatMoney(outcome.win - outcome.baseWin)}
              </Trans>
            </p>
          )}
          <p>
            <Trans>Ganho recalculado:</Trans> <strong data-testid="verify-win">{formatMoney(outcome.win)}</strong>
          </p>
          {round && (
            <ul className="verify-checks" data-testid="verify-checks">
              <li data-ok={hashMatches}>
                {hashMatches ? t`✓ A semente revelada tem o hash mostrado antes da rodada.` : t`✗ O hash não confere.`}
              </li>
              <li data-ok={stopsMatch}>
                {stopsMatch ? t`✓ As paradas conferem com a rodada registrada.` : t`✗ As paradas não conferem.`}
              </li>
              <li data-ok={winMatches}>
                {winMatches
                  ? t`✓ O ganho confere: ${formatMoney(round.win)}.`
                  : t`✗ O ganho não confere (registrado: ${formatMoney(round.win)}).`}
              </li>
            </ul>
          )}
        </div>
      )}

      {seeds && (
        <div className="card seeds" data-testid="seeds">
          <h2>
            <Trans>Suas sementes</Trans>
          </h2>
          {seeds.active && (
            <>
              <p>
                <Trans>Hash da semente do servidor em uso:</Trans>{' '}
                <code data-testid="active-hash">{seeds.active.serverSeedHash}</code>
              </p>
              <p>
                <Trans>
                  Semente do cliente: <code>{seeds.active.clientSeed}</code> · próximo nonce: {seeds.active.nextNonce}
                </Trans>
              </p>
            </>
          )}
          <p>
            <Trans>Hash da próxima semente do servidor, já fixada antes da sua escolha:</Trans>{' '}
            <code data-testid="next-hash">{seeds.nextServerSeedHash}</code>
          </p>
          <label className="field">
            <span>
              <Trans>Nova semente do cliente (vazia: este aparelho sorteia uma)</Trans>
            </span>
            <input value={newClientSeed} maxLength={64} onChange={(e) => setNewClientSeed(e.target.value)} />
          </label>
          <button type="button" className="button secondary" data-testid="rotate-seed" onClick={() => void rotate()}>
            <Trans>Trocar par de sementes</Trans>
          </button>
        </div>
      )}
    </section>
  )
}
