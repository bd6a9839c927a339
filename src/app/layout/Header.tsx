// The header on every page: the balance (tap for cash / bonus, and the way to "Limites e
// controle" in two taps from anywhere), the refresh button, and the sound switch. Every figure
// comes from the server's account info.
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { formatMoney } from '../../../contract/money.ts'
import { accountAtom, refreshAccount } from '../../lib/account.ts'
import { ApiError } from '../../lib/http.ts'
import { KeptNote } from '../../lib/KeptNote.tsx'
import { setSound, soundOnAtom } from '../../lib/sound.ts'
import { useAtomValue } from '../../lib/store.ts'
import { showToast } from '../../lib/toast.ts'
import { Icon } from './Icon.tsx'

const MIN_SPIN_MS = 1000

export function Header() {
  const { t } = useLingui()
  const account = useAtomValue(accountAtom)
  const soundOn = useAtomValue(soundOnAtom)
  const [open, setOpen] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const area = useRef<HTMLDivElement>(null)
  const [location] = useLocation()

  // The breakdown is a popover: a tap outside it, Escape, another route or leaving the tab closes it.
  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      if (!(event.target instanceof Node) || !area.current?.contains(event.target)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    const hidden = () => {
      if (document.visibilityState === 'hidden') setOpen(false)
    }
    document.addEventListener('pointerdown', outside, true)
    document.addEventListener('keydown', onKey)
    document.addEventListener('visibilitychange', hidden)
    return () => {
      document.removeEventListener('pointerdown', outside, true)
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('visibilitychange', hidden)
    }
  }, [open])
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every route change
  useEffect(() => setOpen(false), [location])

  async function refresh() {
    if (refreshing) return
    setRefreshing(true)
    try {
      await Promise.all([refreshAccount(), new Promise((resolve) => setTimeout(resolve, MIN_SPIN_MS))])
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t`Não foi possível atualizar o saldo.`)
    } finally {
      setRefreshing(false)
    }
  }

  return (
    <header className="app-header">
      <span className="brand">Jogo Limpo</span>
      <div className="balance-area" ref={area}>
        <button
          type="button"
          className={`balance${account?.fresh === false ? ' stale' : ''}`}
          data-testid="balance"
          aria-expanded={open}
          // The spoken name starts with the visible amount's meaning and contains the amount itself,
          // so a voice-control user can say what they see (WCAG 2.5.3, label in name).
          aria-label={`${t`Saldo`} ${account ? formatMoney(account.total) : '—'}`}
          title={account?.fresh === false ? t`Último saldo conhecido (sem conexão)` : undefined}
          onClick={() => setOpen((v) => !v)}
        >
          {account ? formatMoney(account.total) : '—'}
        </button>
        <button
          type="button"
          className={`icon-button${refreshing ? ' spinning' : ''}`}
          aria-label={t`Atualizar saldo`}
          aria-busy={refreshing}
          onClick={refresh}
        >
          <Icon name="refresh" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-pressed={soundOn}
          aria-label={soundOn ? t`Desligar som` : t`Ligar som`}
          onClick={() => void setSound(!soundOn)}
        >
          <Icon name={soundOn ? 'soundOn' : 'soundOff'} />
        </button>
        {open && account && (
          <div className="balance-breakdown" data-testid="balance-breakdown">
            {account.fresh === false && <KeptNote at={account.keptAt ?? null} />}
            <dl>
              <dt>
                <Trans>Dinheiro (sacável)</Trans>
              </dt>
              <dd>{formatMoney(account.cash)}</dd>
              <dt>
                <Trans>Bônus</Trans>
              </dt>
              <dd>{formatMoney(account.bonus)}</dd>
            </dl>
            {account.wageringRemaining > 0 && (
              <p className="wagering">
                <Trans>Falta apostar {formatMoney(account.wageringRemaining)} para o bônus virar dinheiro.</Trans>
              </p>
            )}
            <Link href="/limits" className="breakdown-limits" onClick={() => setOpen(false)}>
              {t`Limites e controle`}
            </Link>
          </div>
        )}
      </div>
    </header>
  )
}
