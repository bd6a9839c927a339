// Every route of the player app, each loaded lazily, with the title and back target of its back bar.
// Bottom-tab routes have no back bar.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ComponentType } from 'react'
import { lazyPage } from '../lib/lazy.tsx'

export interface RouteDef {
  path: string
  title?: MessageDescriptor
  /** The document title's page name where there is no back bar (the bottom tabs); else `title`. */
  name?: MessageDescriptor
  /** Where the back bar returns; when absent it goes to the previous page. */
  back?: string
  component: ComponentType
}

// The first route: scripts/split-catalog.ts (vite.config.ts) bundles its messages with the app.
const home = lazyPage(() => import('../features/home/HomePage.tsx'), { firstRoute: true })
const promotions = lazyPage(() => import('../features/promotions/PromotionsPage.tsx'))
const deposit = lazyPage(() => import('../features/deposit/DepositPage.tsx'))
const withdraw = lazyPage(() => import('../features/withdraw/WithdrawPage.tsx'))
const tracker = lazyPage(() => import('../features/withdraw/TrackerPage.tsx'))
const withdrawHistory = lazyPage(() => import('../features/withdraw/HistoryList.tsx'))
const mine = lazyPage(() => import('../features/account/MinePage.tsx'))
const login = lazyPage(() => import('../features/account/LoginPage.tsx'))
const security = lazyPage(() => import('../features/account/SecurityPage.tsx'))
const myData = lazyPage(() => import('../features/account/MyDataPage.tsx'))
const balanceProof = lazyPage(() => import('../features/account/BalanceProofPage.tsx'))
const closeAccount = lazyPage(() => import('../features/account/ClosurePage.tsx'))
const passwordReset = lazyPage(() => import('../features/account/PasswordResetPage.tsx'))
const statement = lazyPage(() => import('../features/statement/StatementPage.tsx'))
const gameHistory = lazyPage(() => import('../features/games/HistoryPage.tsx'))
const verify = lazyPage(() => import('../features/games/VerifyPage.tsx'))
const tasks = lazyPage(() => import('../features/rewards/TasksPage.tsx'))
const sign = lazyPage(() => import('../features/rewards/SignPage.tsx'))
const invite = lazyPage(() => import('../features/invite/InvitePage.tsx'))
const limits = lazyPage(() => import('../features/limits/LimitsPage.tsx'))
const myActivity = lazyPage(() => import('../features/limits/ActivityPage.tsx'))
const selfCheck = lazyPage(() => import('../features/limits/SelfCheckPage.tsx'))
const support = lazyPage(() => import('../features/support/SupportRoutes.tsx'))
const transparency = lazyPage(() => import('../features/transparency/TransparencyPage.tsx'))
const notFound = lazyPage(() => import('./pages/NotFoundPage.tsx'))

export const routes: RouteDef[] = [
  { path: '/', name: msg`Início`, component: home },
  { path: '/event', name: msg`Promoções`, component: promotions },
  { path: '/activity', title: msg`Promoções`, component: promotions },
  { path: '/event/item', title: msg`Tarefas`, back: '/event', component: tasks },
  { path: '/rechargeMall', name: msg`Depósito`, component: deposit },
  { path: '/pay', title: msg`Depósito`, component: deposit },
  { path: '/coins', title: msg`Depósito`, component: deposit },
  { path: '/promote', title: msg`Convide amigos`, component: invite },
  { path: '/withdrawMoney', title: msg`Saque`, component: withdraw },
  { path: '/withdrawMoney2', title: msg`Saque`, component: withdraw },
  { path: '/withdrawTab', name: msg`Saque`, component: withdraw },
  { path: '/mine', name: msg`Perfil`, component: mine },
  { path: '/security', title: msg`Segurança da conta`, back: '/mine', component: security },
  { path: '/myData', title: msg`Meus dados`, back: '/mine', component: myData },
  { path: '/balanceProof', title: msg`Meu saldo na prova de hoje`, back: '/mine', component: balanceProof },
  { path: '/closeAccount', title: msg`Encerrar conta`, back: '/mine', component: closeAccount },
  { path: '/feedback', title: msg`Sugestões`, back: '/mine', component: support },
  { path: '/notice', title: msg`Avisos`, back: '/mine', component: support },
  { path: '/invite', title: msg`Convide amigos`, component: invite },
  { path: '/sign', title: msg`Check-in diário`, component: sign },
  { path: '/login', title: msg`Entrar`, component: login },
  { path: '/password-reset', title: msg`Nova senha com código`, back: '/login', component: passwordReset },
  { path: '/task', title: msg`Tarefas`, component: tasks },
  { path: '/taskGame', title: msg`Tarefas de jogo`, back: '/task', component: tasks },
  { path: '/withdrawalTracker', title: msg`Acompanhar saque`, component: tracker },
  { path: '/withdrawalTrackerAll', title: msg`Histórico de saques`, component: withdrawHistory },
  { path: '/service', title: msg`Atendimento`, component: support },
  { path: '/servicePage', title: msg`Atendimento`, component: support },
  { path: '/history', title: msg`Histórico de jogos`, back: '/mine', component: gameHistory },
  { path: '/verify', title: msg`Verificar jogada`, component: verify },
  { path: '/limits', title: msg`Limites e controle`, back: '/mine', component: limits },
  { path: '/myActivity', title: msg`Minha atividade`, back: '/limits', component: myActivity },
  { path: '/selfCheck', title: msg`Autoavaliação`, back: '/limits', component: selfCheck },
  { path: '/statement', title: msg`Extrato`, back: '/mine', component: statement },
  { path: '/transparencia', title: msg`Transparência`, component: transparency },
  { path: '/404', title: msg`Página não encontrada`, back: '/', component: notFound },
]
