// The "Contato" card on /security: the player's e-mail address and mobile phone, each confirmed
// with a 6-digit code sent to it (by e-mail, by SMS). Legal notices about the account (its
// closure, for one) reach the player there. The server checks the values and limits the codes;
// the form only catches a mistyped value before asking.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { ContactKind, ContactState, ContactsResponse } from '../../../contract/contacts.ts'
import { formatBrazilianMobile, normalizeBrazilianMobile } from '../../../contract/phone.ts'
import { ApiError } from '../../lib/http.ts'
import { TextField } from '../../lib/TextField.tsx'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { confirmContact, getContacts, setContactEmail, setContactPhone } from './api.ts'

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())

export function ContactCard() {
  const titleId = useId()
  const { data, error, reload } = useApiData(getContacts, [])
  return (
    <section className="card contact-card" aria-labelledby={titleId} data-testid="contact-card">
      <h2 id={titleId}>
        <Trans>Contato</Trans>
      </h2>
      <p className="hint">
        <Trans>Avisos importantes sobre a sua conta chegam no e-mail e no celular confirmados aqui.</Trans>
      </p>
      {error !== null && (
        <p role="alert">
          <Trans>Não foi possível carregar seus contatos.</Trans>{' '}
          <button type="button" className="link" onClick={() => void reload()}>
            <Trans>Tentar de novo</Trans>
          </button>
        </p>
      )}
      {data && (
        <>
          <ContactRow kind="email" state={data.email} onConfirmed={() => void reload()} />
          <ContactRow kind="phone" state={data.phone} onConfirmed={() => void reload()} />
        </>
      )}
    </section>
  )
}

type Step = { at: 'idle' } | { at: 'enter' } | { at: 'code'; sentTo: string }

function ContactRow({
  kind,
  state,
  onConfirmed,
}: {
  kind: ContactKind
  state: ContactState
  onConfirmed: (contacts: ContactsResponse) => void
}) {
  const { t } = useLingui()
  const [step, setStep] = useState<Step>(state.pending ? { at: 'code', sentTo: state.pending } : { at: 'idle' })
  const [value, setValue] = useState('')
  const [code, setCode] = useState('')
  const [fieldError, setFieldError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const shown = (v: string) => (kind === 'phone' ? formatBrazilianMobile(v) : v)
  const title = kind === 'email' ? t`E-mail` : t`Celular`

  async function run(work: () => Promise<void>) {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      setFieldError(error instanceof ApiError ? error.message : t`Algo deu errado. Tente de novo.`)
    } finally {
      setBusy(false)
    }
  }

  function send(event?: React.FormEvent, again?: string) {
    event?.preventDefault()
    const typed = again ?? value
    if (kind === 'email' && !looksLikeEmail(typed)) return setFieldError(t`Confira o e-mail: ele parece incompleto.`)
    const phone = kind === 'phone' ? normalizeBrazilianMobile(typed) : null
    if (kind === 'phone' && !phone) return setFieldError(t`Informe um celular com DDD, como (11) 98765-4321.`)
    setFieldError(undefined)
    return run(async () => {
      const sent = phone ? await setContactPhone({ phone }) : await setContactEmail({ email: typed.trim() })
      setCode('')
      setStep({ at: 'code', sentTo: sent.sentTo })
      if (again) showToast(t`Enviamos um novo código.`)
    })
  }

  function confirm(event: React.FormEvent) {
    event.preventDefault()
    if (!/^\d{6}$/.test(code.trim())) return setFieldError(t`O código tem 6 números.`)
    setFieldError(undefined)
    return run(async () => {
      const contacts = await confirmContact({ kind, code: code.trim() })
      setStep({ at: 'idle' })
      setValue('')
      showToast(kind === 'email' ? t`E-mail confirmado.` : t`Celular confirmado.`)
      onConfirmed(contacts)
    })
  }

  return (
    <div className="contact" data-testid={`contact-${kind}`}>
      <h3>{title}</h3>
      {step.at === 'idle' && (
        <div className="contact-value">
          {state.value ? (
            <p>
              <span className="contact-address">{shown(state.value)}</span>{' '}
              <span className="badge">
                <Trans>confirmado</Trans>
              </span>
            </p>
          ) : (
            <p className="hint">
              {kind === 'email' ? <Trans>Nenhum e-mail confirmado.</Trans> : <Trans>Nenhum celular confirmado.</Trans>}
            </p>
          )}
          <button type="button" className="button small secondary" onClick={() => setStep({ at: 'enter' })}>
            {state.value ? <Trans>Trocar</Trans> : <Trans>Adicionar</Trans>}
          </button>
        </div>
      )}
      {step.at === 'enter' && (
        <form onSubmit={send} noValidate>
          <TextField
            label={kind === 'email' ? t`Seu e-mail` : t`Seu celular com DDD`}
            value={value}
            error={fieldError}
            type={kind === 'email' ? 'email' : 'tel'}
            inputMode={kind === 'email' ? 'email' : 'tel'}
            autoComplete={kind === 'email' ? 'email' : 'tel-national'}
            placeholder={kind === 'email' ? t`nome@exemplo.com` : '(11) 98765-4321'}
            onValue={setValue}
          />
          <div className="row">
            <button type="submit" className="button small" disabled={busy}>
              <Trans>Enviar código</Trans>
            </button>
            <button type="button" className="link" onClick={() => setStep({ at: 'idle' })}>
              <Trans>Cancelar</Trans>
            </button>
          </div>
        </form>
      )}
      {step.at === 'code' && (
        <form onSubmit={confirm} noValidate>
          <p role="status">
            {kind === 'email' ? (
              <Trans>Enviamos um código para {shown(step.sentTo)}. Ele vale por 15 minutos.</Trans>
            ) : (
              <Trans>Enviamos um código por SMS para {shown(step.sentTo)}. Ele vale por 15 minutos.</Trans>
            )}
          </p>
          <TextField
            label={t`Código de 6 números`}
            value={code}
            error={fieldError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            onValue={(v) => setCode(v.replace(/\D/g, ''))}
          />
          <div className="row">
            <button type="submit" className="button small" disabled={busy}>
              <Trans>Confirmar</Trans>
            </button>
            <button type="button" className="link" disabled={busy} onClick={() => void send(undefined, step.sentTo)}>
              <Trans>Enviar de novo</Trans>
            </button>
            <button type="button" className="link" onClick={() => setStep({ at: 'enter' })}>
              {kind === 'email' ? <Trans>Trocar o e-mail</Trans> : <Trans>Trocar o número</Trans>}
            </button>
          </div>
        </form>
      )}
    </div>
  )
}
