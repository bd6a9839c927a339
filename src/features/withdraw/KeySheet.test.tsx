// The PIX key sheet keeps the prefilled CPF: tapping the key type already chosen changes nothing,
// and coming back to CPF from another type offers the player's own CPF again.

import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { act } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { messages } from '../../../locales/pt-BR/messages.json'
import { storage } from '../../lib/storage.ts'
import { KeySheet } from './KeySheet.tsx'

i18n.load('pt-BR', messages as unknown as Messages)
i18n.activate('pt-BR')

const OWN_CPF = '52998224725'

async function renderSheet(onSubmit = vi.fn()) {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <KeySheet
          title="Sacar"
          holderName="Maria da Silva"
          submitLabel="Confirmar saque"
          busy={false}
          askPassword
          onSubmit={onSubmit}
          onClose={() => {}}
        />
      </I18nProvider>,
    )
  })
  return onSubmit
}

describe('KeySheet', () => {
  beforeEach(async () => {
    await storage.set('ownCpf', OWN_CPF)
  })

  it('keeps the prefilled CPF when the already-selected CPF type is tapped, and submits it', async () => {
    const onSubmit = await renderSheet()
    const key = screen.getByLabelText('Chave PIX (CPF)') as HTMLInputElement
    await waitFor(() => expect(key.value).toBe('529.982.247-25'))
    const cpfChip = screen.getByRole('button', { name: 'CPF' })
    expect(cpfChip.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(cpfChip)
    expect(key.value).toBe('529.982.247-25')
    fireEvent.change(screen.getByLabelText('Senha da conta'), { target: { value: 'segredo123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar saque' }))
    expect(screen.queryByText('Informe a chave PIX.')).toBeNull()
    expect(onSubmit).toHaveBeenCalledWith({ keyType: 'cpf', key: '529.982.247-25', password: 'segredo123' })
  })

  it('clears the key for another type and offers the own CPF again on coming back to CPF', async () => {
    await renderSheet()
    await waitFor(() => expect((screen.getByLabelText('Chave PIX (CPF)') as HTMLInputElement).value).not.toBe(''))
    fireEvent.click(screen.getByRole('button', { name: 'E-mail' }))
    expect((screen.getByLabelText('Chave PIX (E-mail)') as HTMLInputElement).value).toBe('')
    fireEvent.click(screen.getByRole('button', { name: 'CPF' }))
    expect((screen.getByLabelText('Chave PIX (CPF)') as HTMLInputElement).value).toBe('529.982.247-25')
  })
})

describe('KeySheet while the withdrawal is being sent', () => {
  it('shows "Enviando…" with a spinner and aria-busy on the disabled button', async () => {
    await act(async () => {
      render(
        <I18nProvider i18n={i18n}>
          <KeySheet
            title="Sacar"
            holderName="Maria da Silva"
            submitLabel="Confirmar saque"
            busy
            askPassword
            onSubmit={vi.fn()}
            onClose={() => {}}
          />
        </I18nProvider>,
      )
    })
    const button = screen.getByTestId('key-sheet-submit')
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(button.textContent).toBe('Enviando…')
    expect(button.querySelector('.spinner')).not.toBeNull()
    expect(screen.queryByRole('button', { name: 'Confirmar saque' })).toBeNull()
  })
})
