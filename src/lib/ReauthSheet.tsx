// Asked over whatever screen the player was on when their session ended for want of activity:
// log in again with a passkey or the password. The screen underneath stays as it was, and the
// calls that found the session ended go on once the player is back.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { accountAtom, refreshAccount } from './account.ts'
import { ApiError } from './http.ts'
import { passkeyCancelled, passkeyLoginAnswer, passkeysSupported } from './passkeys.ts'
import { Sheet } from './Sheet.tsx'
import { loginWithCredentials, loginWithPasskey } from './session.ts'
import { useAtomValue } from './store.ts'
import { TextField } from './TextField.tsx'

export default function ReauthSheet() {
  const { t } = useLingui()
  const account = useAtomValue(accountAtom)
  const [userName, setUserName] = useState(account?.userName ?? '')
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  async function attempt(login: () => Promise<unknown>) {
    setBusy(true)
    setProblem(undefined)
    try {
      await login()
      await refreshAccount().catch(() => {})
    } catch (error) {
      if (!passkeyCancelled(error))
        setProblem(error instanceof ApiError ? error.message : t`Algo deu errado. Tente de novo.`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Sheet title={<Trans>Entre de novo</Trans>} testId="reauth-sheet">
      <p>
        <Trans>
          Sua sessão terminou porque o app ficou um tempo sem uso. Entre de novo para continuar de onde parou.
        </Trans>
      </p>
      {passkeysSupported() && (
        <button
          type="button"
          className="button"
          disabled={busy}
          data-testid="reauth-passkey"
          onClick={() => void attempt(async () => loginWithPasskey(await passkeyLoginAnswer()))}
        >
          <Trans>Entrar com passkey</Trans>
        </button>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!userName.trim() || !password) return setProblem(t`Digite o nome de usuário e a senha.`)
          void attempt(() => loginWithCredentials(userName.trim(), password))
        }}
      >
        {/* The session that ended was this account's: its name is kept, and the sheet opens at the
            password (a sheet focuses its first field that can be typed in). */}
        <TextField
          label={t`Nome de usuário`}
          name="userName"
          autoComplete="username"
          value={userName}
          readOnly={Boolean(account?.userName)}
          error={undefined}
          onValue={setUserName}
        />
        <TextField
          label={t`Senha`}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={undefined}
          onValue={setPassword}
        />
        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
        <button type="submit" className="button secondary" disabled={busy} data-testid="reauth-password">
          <Trans>Entrar com senha</Trans>
        </button>
      </form>
    </Sheet>
  )
}
