// The bind dialog's field checks: on blur, cleared on input once valid, and the link that
// switches between register and login.

import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { fireEvent, render, screen } from '@testing-library/react'
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { messages } from '../../locales/pt-BR/messages.json'
import { BindDialog } from './BindDialog.tsx'

i18n.load('pt-BR', messages as unknown as Messages)
i18n.activate('pt-BR')

async function renderDialog(mode: 1 | 2 | 3, boundName: string | null = null) {
  await act(async () => {
    render(
      <I18nProvider i18n={i18n}>
        <BindDialog initialMode={mode} boundName={boundName} onClose={() => {}} />
      </I18nProvider>,
    )
  })
}

describe('BindDialog', () => {
  it('checks the name on blur and clears the error once the input is valid', async () => {
    await renderDialog(1)
    const name = screen.getByLabelText('Nome de usuário')
    fireEvent.change(name, { target: { value: 'curto' } })
    expect(screen.queryByText('O nome precisa ter de 9 a 15 caracteres.')).toBeNull()
    fireEvent.blur(name)
    expect(screen.getByText('O nome precisa ter de 9 a 15 caracteres.')).toBeTruthy()
    fireEvent.change(name, { target: { value: 'curtinho' } })
    expect(screen.getByText('O nome precisa ter de 9 a 15 caracteres.')).toBeTruthy()
    fireEvent.change(name, { target: { value: 'jogador123' } })
    expect(screen.queryByText('O nome precisa ter de 9 a 15 caracteres.')).toBeNull()
  })

  it('requires all three fields to register and an equal confirmation', async () => {
    await renderDialog(1)
    fireEvent.click(screen.getByRole('button', { name: 'Vincular conta' }))
    expect(screen.getByText('Informe um nome de usuário.')).toBeTruthy()
    expect(screen.getByText('Informe uma senha.')).toBeTruthy()
    expect(screen.getByText('Repita a senha.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Senha'), { target: { value: 'segredo1' } })
    fireEvent.change(screen.getByLabelText('Confirme a senha'), { target: { value: 'segredo2' } })
    fireEvent.blur(screen.getByLabelText('Confirme a senha'))
    expect(screen.getByText('As senhas não são iguais.')).toBeTruthy()
  })

  it('asks 8 to 64 characters of a new password, but lets an older, shorter one log in', async () => {
    await renderDialog(1)
    const password = screen.getByLabelText('Senha')
    fireEvent.change(password, { target: { value: 'curta12' } })
    fireEvent.blur(password)
    expect(screen.getByText('A senha precisa ter de 8 a 64 caracteres.')).toBeTruthy()
    fireEvent.change(password, { target: { value: 'x'.repeat(65) } })
    expect(screen.getByText('A senha precisa ter de 8 a 64 caracteres.')).toBeTruthy()
    fireEvent.change(password, { target: { value: 'uma frase longa' } })
    expect(screen.queryByText('A senha precisa ter de 8 a 64 caracteres.')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Já tem nome e senha? Entrar' }))
    const loginPassword = screen.getByLabelText('Senha')
    fireEvent.change(loginPassword, { target: { value: 'abc123' } })
    fireEvent.blur(loginPassword)
    expect(screen.queryByText('A senha precisa ter de 8 a 64 caracteres.')).toBeNull()
  })

  it('switches between register and login, and shows a bound name locked', async () => {
    await renderDialog(1)
    fireEvent.click(screen.getByRole('button', { name: 'Já tem nome e senha? Entrar' }))
    expect(screen.getByRole('heading', { name: 'Entrar com nome e senha' })).toBeTruthy()
    expect(screen.queryByLabelText('Confirme a senha')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Criar nome e senha para esta conta' }))
    expect(screen.getByLabelText('Confirme a senha')).toBeTruthy()
    screen.getByText('Fechar').click()
  })

  it('shows the bound name read-only in mode 2', async () => {
    await renderDialog(2, 'jogador123')
    const input = screen.getByLabelText('Nome de usuário') as HTMLInputElement
    expect(input.value).toBe('jogador123')
    expect(input.disabled).toBe(true)
  })
})
