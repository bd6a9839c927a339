// The console's frame: asks who is signed in, shows the login (or the setup link's page) when
// nobody is, TOTP enrolment when the role needs it first, and otherwise the layout with the
// page the address names. The push socket runs while someone is signed in.
import { Trans } from '@lingui/react/macro'
import { Suspense, useCallback, useEffect, useState } from 'react'
import { Route, Router, Switch } from 'wouter'
import type { OperatorMe } from '../../contract/ops.ts'
import { CallError, onUnauthenticated } from '../lib/api.ts'
import { loadMarketTimeZone } from '../lib/format.ts'
import { startPush, stopPush } from '../lib/push.ts'
import { can, SessionContext } from '../lib/session.ts'
import { currentOperator } from '../pages/session/api.ts'
import LoginPage from '../pages/session/LoginPage.tsx'
import SetupPage from '../pages/session/SetupPage.tsx'
import { Layout } from './Layout.tsx'
import { pages } from './routes.ts'

type State = { kind: 'loading' } | { kind: 'out' } | { kind: 'in'; me: OperatorMe }

const zoneLoaded = loadMarketTimeZone()

export function App() {
  const [state, setState] = useState<State>({ kind: 'loading' })
  const refresh = useCallback(() => {
    // The market's time zone arrives before any page shows a time.
    Promise.all([currentOperator(), zoneLoaded]).then(
      ([me]) => setState({ kind: 'in', me }),
      (error: unknown) => {
        if (error instanceof CallError) setState({ kind: 'out' })
      },
    )
  }, [])
  useEffect(() => {
    refresh()
    return onUnauthenticated(() => setState({ kind: 'out' }))
  }, [refresh])
  const signedIn = state.kind === 'in' && !state.me.mustEnrolTotp
  useEffect(() => {
    if (signedIn) startPush()
    else stopPush()
  }, [signedIn])

  return (
    <Router base="/console">
      <Switch>
        <Route path="/setup">
          <SetupPage />
        </Route>
        <Route>
          {state.kind === 'loading' ? (
            <p className="console-boot" aria-busy="true">
              <Trans>Carregando…</Trans>
            </p>
          ) : state.kind === 'out' ? (
            <LoginPage onSignedIn={(me) => setState({ kind: 'in', me })} />
          ) : (
            <SessionContext.Provider value={{ me: state.me, refresh }}>
              <Layout>
                <Suspense
                  fallback={
                    <p aria-busy="true">
                      <Trans>Carregando…</Trans>
                    </p>
                  }
                >
                  <Switch>
                    {pages
                      .filter((page) => can(state.me, page.permission))
                      .filter((page) => !state.me.mustEnrolTotp || page.path === '/security')
                      .map((page) => (
                        <Route key={page.path} path={page.path} component={page.component} />
                      ))}
                    <Route>
                      <NotFound enrol={state.me.mustEnrolTotp} />
                    </Route>
                  </Switch>
                </Suspense>
              </Layout>
            </SessionContext.Provider>
          )}
        </Route>
      </Switch>
    </Router>
  )
}

function NotFound({ enrol }: { enrol: boolean }) {
  return (
    <section className="panel">
      {enrol ? (
        <p>
          <Trans>
            Sua função exige um segundo fator. Abra <a href="/console/security">Minha conta</a> e cadastre o
            autenticador.
          </Trans>
        </p>
      ) : (
        <p>
          <Trans>Página não encontrada.</Trans>
        </p>
      )}
    </section>
  )
}
