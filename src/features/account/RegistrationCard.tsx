// Perfil › Meus dados: the address (with CEP) and gender the rules ask at registration, given or
// corrected by the player. The server checks every field (and names a wrong one); the form only
// catches an empty or mistyped field before asking.
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { type Gender, genders, states } from '../../../contract/face-values.ts'
import { messageOf } from '../../lib/http.ts'
import { TextField } from '../../lib/TextField.tsx'
import { showToast } from '../../lib/toast.ts'
import { useApiData } from '../../lib/useApiData.ts'
import { getRegistration, saveRegistrationData } from './api.ts'

interface Form {
  cep: string
  street: string
  number: string
  complement: string
  district: string
  city: string
  state: string
  gender: Gender | ''
}

type Required = Exclude<keyof Form, 'complement'>

/** "01310100" → "01310-100" (as a CEP is written). */
const shownCep = (cep: string) => (/^\d{8}$/.test(cep) ? `${cep.slice(0, 5)}-${cep.slice(5)}` : cep)

export function RegistrationCard() {
  const titleId = useId()
  const { data, error, reload } = useApiData(getRegistration, [])
  return (
    <section className="card my-data registration-card" aria-labelledby={titleId} data-testid="registration-card">
      <h2 id={titleId}>
        <Trans>Endereço e gênero</Trans>
      </h2>
      <p className="hint">
        <Trans>
          A lei pede o endereço e o gênero de quem aposta. Eles ficam guardados só para isso e aparecem mascarados para
          a equipe que não precisa deles.
        </Trans>
      </p>
      {error !== null && (
        <p role="alert">
          <Trans>Não foi possível carregar seu cadastro.</Trans>{' '}
          <button type="button" className="link" onClick={() => void reload()}>
            <Trans>Tentar de novo</Trans>
          </button>
        </p>
      )}
      {data && (
        <RegistrationForm
          initial={{
            cep: shownCep(data.cep ?? ''),
            street: data.street ?? '',
            number: data.number ?? '',
            complement: data.complement ?? '',
            district: data.district ?? '',
            city: data.city ?? '',
            state: data.state ?? '',
            gender: data.gender ?? '',
          }}
          onSaved={() => void reload()}
        />
      )}
    </section>
  )
}

function RegistrationForm({ initial, onSaved }: { initial: Form; onSaved: () => void }) {
  const { t } = useLingui()
  const [form, setForm] = useState<Form>(initial)
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const stateId = useId()
  const genderId = useId()
  const given = initial.cep !== '' && initial.gender !== ''
  const set = (field: keyof Form) => (value: string) => setForm((f) => ({ ...f, [field]: value }))

  const genderLabels: Record<Gender, string> = {
    female: t`Feminino`,
    male: t`Masculino`,
    other: t`Outro`,
    not_informed: t`Prefiro não informar`,
  }

  function check(): Partial<Record<keyof Form, string>> {
    const found: Partial<Record<keyof Form, string>> = {}
    if (!/^\d{5}-?\d{3}$/.test(form.cep.trim()) || form.cep.replace(/\D/g, '') === '00000000')
      found.cep = t`Informe o CEP com 8 números, como 01310-100.`
    const required: Required[] = ['street', 'number', 'district', 'city']
    for (const field of required) if (form[field].trim() === '') found[field] = t`Preencha este campo.`
    if (form.state === '') found.state = t`Escolha o estado.`
    if (form.gender === '') found.gender = t`Escolha uma opção (ou "Prefiro não informar").`
    return found
  }

  async function save(event: React.FormEvent) {
    event.preventDefault()
    const found = check()
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      await saveRegistrationData({
        cep: form.cep.trim(),
        street: form.street.trim(),
        number: form.number.trim(),
        ...(form.complement.trim() ? { complement: form.complement.trim() } : {}),
        district: form.district.trim(),
        city: form.city.trim(),
        state: form.state as (typeof states)[number],
        gender: form.gender as Gender,
      })
      showToast(t`Cadastro salvo.`)
      onSaved()
    } catch (error) {
      setFailure(messageOf(error, t`Não foi possível salvar agora. Tente de novo.`))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={save} noValidate className="registration-form">
      <TextField
        label={t`CEP`}
        value={form.cep}
        error={errors.cep}
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="01310-100"
        maxLength={9}
        onValue={set('cep')}
      />
      <TextField
        label={t`Rua`}
        value={form.street}
        error={errors.street}
        autoComplete="address-line1"
        maxLength={120}
        onValue={set('street')}
      />
      <div className="registration-pair">
        <TextField label={t`Número`} value={form.number} error={errors.number} maxLength={12} onValue={set('number')} />
        <TextField
          label={t`Complemento (opcional)`}
          value={form.complement}
          error={errors.complement}
          autoComplete="address-line2"
          maxLength={60}
          onValue={set('complement')}
        />
      </div>
      <TextField
        label={t`Bairro`}
        value={form.district}
        error={errors.district}
        autoComplete="address-level3"
        maxLength={80}
        onValue={set('district')}
      />
      <div className="registration-pair">
        <TextField
          label={t`Cidade`}
          value={form.city}
          error={errors.city}
          autoComplete="address-level2"
          maxLength={80}
          onValue={set('city')}
        />
        <div className="field">
          <label htmlFor={stateId}>
            <Trans>Estado</Trans>
          </label>
          <select
            id={stateId}
            value={form.state}
            autoComplete="address-level1"
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? `${stateId}-error` : undefined}
            onChange={(e) => set('state')(e.target.value)}
          >
            <option value="">{t`Escolha`}</option>
            {states.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </select>
          {errors.state && (
            <small id={`${stateId}-error`} className="field-error">
              {errors.state}
            </small>
          )}
        </div>
      </div>
      <fieldset className="registration-gender" aria-describedby={errors.gender ? `${genderId}-error` : undefined}>
        <legend>
          <Trans>Gênero</Trans>
        </legend>
        {genders.map((gender) => (
          <label key={gender} className="choice">
            <input
              type="radio"
              name="gender"
              value={gender}
              checked={form.gender === gender}
              onChange={() => set('gender')(gender)}
            />{' '}
            {genderLabels[gender]}
          </label>
        ))}
        {errors.gender && (
          <small id={`${genderId}-error`} className="field-error">
            {errors.gender}
          </small>
        )}
      </fieldset>
      {failure && <p role="alert">{failure}</p>}
      <button type="submit" className="button" disabled={busy}>
        {given ? <Trans>Salvar correção</Trans> : <Trans>Salvar cadastro</Trans>}
      </button>
    </form>
  )
}
