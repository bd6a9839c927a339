// `/security`: whether the account can be recovered on another device, and how.
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { accountAtom } from '../../lib/account.ts'
import { useAtomValue } from '../../lib/store.ts'
import { BindDialog } from './BindDialog.tsx'

export default function SecurityPage() {
  const account = useAtomValue(accountAtom)
  const [open, setOpen] = useState(false)
  return (
    <section className="card">
      {account?.bound ? (
        <p>
          <Trans>
            Sua conta tem nome de usuário e senha: {account.userName}. Você pode entrar com eles em qualquer aparelho.
          </Trans>
        </p>
      ) : (
        <>
          <p>
            <Trans>
              Esta conta está ligada só a este aparelho. Crie um nome e uma senha para não perdê-la se trocar de
              celular.
            </Trans>
          </p>
          <button type="button" className="button" onClick={() => setOpen(true)}>
            <Trans>Criar nome e senha</Trans>
          </button>
        </>
      )}
      {open && <BindDialog initialMode={1} boundName={null} onClose={() => setOpen(false)} />}
    </section>
  )
}
