// Settings that used to need a restart: the review threshold and SLA, deposit and withdrawal
// bounds, the money watch's thresholds (promotions have their own page, RewardsPage). Everyone
// sees them; admins change them with a reason (audited, effective at once). Amounts are typed in reais.
import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import { Link } from 'wouter'
import { DataTable } from '../../components/DataTable.tsx'
import { money } from '../../lib/format.ts'
import { useSession } from '../../lib/session.ts'
import { useCall } from '../../lib/useCall.ts'
import { changeSetting, readSettings } from './api.ts'

const amountKeys = [
  'withdrawals.reviewAbove',
  'withdrawals.min',
  'withdrawals.dailyMax',
  'deposits.min',
  'deposits.max',
]

export default function SettingsPage() {
  const { t } = useLingui()
  const { me } = useSession()
  const settings = useCall(() => readSettings(), [])
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const editable = me.permissions.includes('settings.edit')
  const labels: Record<string, string> = {
    'withdrawals.reviewAbove': t`Saques acima deste valor passam por revisão`,
    'withdrawals.reviewMinutes': t`Prazo de revisão (minutos, até 110)`,
    'withdrawals.min': t`Saque mínimo`,
    'withdrawals.dailyMax': t`Saque máximo por dia`,
    'deposits.min': t`Depósito mínimo`,
    'deposits.max': t`Depósito máximo`,
  }

  const watchLabels: Record<string, string> = {
    'risk.lookbackDays': t`Janela que as regras olham (dias)`,
    'risk.minPlayPercent': t`Jogo mínimo antes de sacar um depósito (% do depositado)`,
    'risk.maxPayers': t`Pagadores diferentes que alertam`,
    'risk.maxPayoutKeys': t`Chaves de saque diferentes que alertam`,
    'risk.linkedAccounts': t`Contas ligadas (aparelho, endereço, pagador ou conta de saque) que retêm o saque`,
    'risk.cyclesPerDay': t`Ciclos depósito → saque em 24 h que alertam`,
    'risk.structuringPercent': t`"Logo abaixo" do limite de revisão (% do limite)`,
    'risk.structuringCount': t`Saques logo abaixo do limite que alertam`,
    'risk.stakeJumpFactor': t`Aposta média de hoje que alerta (vezes a de antes)`,
  }
  const units: Record<string, string> = {
    'withdrawals.reviewMinutes': ' min',
    'risk.lookbackDays': t` dias`,
    'risk.minPlayPercent': '%',
    'risk.structuringPercent': '%',
    'risk.stakeJumpFactor': '×',
  }
  const shown = (key: string, value: unknown) =>
    amountKeys.includes(key) ? money(value as number) : `${value}${units[key] ?? ''}`

  const save = async (key: string, value: unknown) => {
    setError(undefined)
    try {
      await changeSetting({ key, value, reason })
      settings.reload()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    }
  }
  const submitNumber = (key: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const raw = String(new FormData(event.currentTarget).get('value') ?? '').replace(',', '.')
    void save(key, amountKeys.includes(key) ? Math.round(Number(raw) * 100) : Number(raw))
  }
  const v = settings.data?.values
  /** One row per setting: its name, current value, default and (for admins) a form to change it. */
  const settingsTable = (label: string, labels: Record<string, string>, testId?: string) => (
    <DataTable
      label={label}
      testId={testId}
      rows={Object.entries(labels)}
      rowKey={([key]) => key}
      columns={[
        { header: <Trans>Configuração</Trans>, rowHeader: true, cell: ([, name]) => name },
        { header: <Trans>Valor</Trans>, testId: ([key]) => `setting-${key}`, cell: ([key]) => shown(key, v?.[key]) },
        {
          header: <Trans>Padrão</Trans>,
          cell: ([key]) => <span className="muted">{shown(key, settings.data?.defaults[key])}</span>,
        },
        {
          header: <Trans>Novo valor</Trans>,
          hidden: !editable,
          cell: ([key, name]) => (
            <form className="setting-form" onSubmit={submitNumber(key)}>
              <label>
                <span className="visually-hidden">{name}</span>
                <input name="value" inputMode="decimal" required pattern="[0-9]+([.,][0-9]{1,2})?" />
              </label>
              <button type="submit" className="button small" disabled={!reason.trim()}>
                <Trans>Mudar</Trans>
              </button>
            </form>
          ),
        },
      ]}
    />
  )
  return (
    <section className="panel">
      <h1>
        <Trans>Configurações</Trans>
      </h1>
      {editable ? (
        <label className="field">
          <span>
            <Trans>Motivo da mudança (obrigatório, fica na auditoria)</Trans>
          </span>
          <input value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} />
        </label>
      ) : (
        <p className="muted">
          <Trans>Só administradores mudam configurações.</Trans>
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {v && (
        <>
          <p className="muted">
            <Trans>
              Promoções e valores das recompensas ficam em <Link href="/rewards">Recompensas</Link>.
            </Trans>
          </p>
          <h2>
            <Trans>Saques e depósitos</Trans>
          </h2>
          {settingsTable(t`Saques e depósitos`, labels)}
          <h2>
            <Trans>Vigilância de dinheiro</Trans>
          </h2>
          {settingsTable(t`Vigilância de dinheiro`, watchLabels, 'watch-settings')}
        </>
      )}
    </section>
  )
}
