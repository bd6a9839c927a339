// The console's pages: adding one is one entry here and one lazily loaded file in console/pages/
// (its chunk loads only when the page opens). `permission` hides the page from roles that may
// not use it (the server refuses them anyway); `nav: false` keeps it out of the side menu;
// `pending` names the waiting work its menu entry counts in a badge.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { type ComponentType, lazy } from 'react'
import type { PendingWorkKind, Permission } from '../../contract/ops.ts'

export interface ConsolePage {
  path: string
  label: MessageDescriptor
  permission?: Permission
  nav?: boolean
  pending?: PendingWorkKind
  component: ComponentType
}

export const pages: ConsolePage[] = [
  {
    path: '/',
    label: msg`Painel`,
    permission: 'withdrawals.view',
    component: lazy(() => import('../pages/dashboard/DashboardPage.tsx')),
  },
  {
    path: '/withdrawals',
    label: msg`Saques`,
    permission: 'withdrawals.view',
    pending: 'withdrawals',
    component: lazy(() => import('../pages/money/WorklistPage.tsx')),
  },
  {
    path: '/money-in',
    label: msg`PIX recebidos`,
    permission: 'health.view',
    component: lazy(() => import('../pages/money/MoneyInPage.tsx')),
  },
  {
    path: '/verifications',
    label: msg`Verificações`,
    permission: 'verifications.view',
    pending: 'verifications',
    component: lazy(() => import('../pages/verifications/VerificationsPage.tsx')),
  },
  {
    path: '/aml',
    label: msg`Risco PLD`,
    permission: 'aml.cases',
    pending: 'amlReviews',
    component: lazy(() => import('../pages/aml/AmlReviewsPage.tsx')),
  },
  {
    path: '/aml/sanctions',
    label: msg`Triagem de sanções`,
    permission: 'aml.cases',
    pending: 'sanctions',
    component: lazy(() => import('../pages/aml/ScreeningPage.tsx')),
  },
  {
    path: '/players',
    label: msg`Jogadores`,
    permission: 'players.view',
    component: lazy(() => import('../pages/players/PlayersPage.tsx')),
  },
  {
    path: '/players/:userId',
    label: msg`Jogador`,
    permission: 'players.view',
    nav: false,
    component: lazy(() => import('../pages/players/PlayerPage.tsx')),
  },
  {
    path: '/support',
    label: msg`Atendimento`,
    permission: 'support.view',
    pending: 'chats',
    component: lazy(() => import('../pages/support/SupportPage.tsx')),
  },
  {
    path: '/support/content',
    label: msg`FAQ e avisos`,
    permission: 'support.edit',
    component: lazy(() => import('../pages/support/SupportContentPage.tsx')),
  },
  {
    path: '/support/feedback',
    label: msg`Sugestões`,
    permission: 'support.feedback',
    component: lazy(() => import('../pages/support/FeedbackPage.tsx')),
  },
  {
    path: '/closures',
    label: msg`Encerramentos`,
    permission: 'closures.view',
    pending: 'closures',
    component: lazy(() => import('../pages/closures/ClosuresPage.tsx')),
  },
  {
    path: '/reports',
    label: msg`Relatórios`,
    permission: 'reports.view',
    component: lazy(() => import('../pages/reports/ReportsPage.tsx')),
  },
  {
    path: '/regulatory-files',
    label: msg`Arquivos SIGAP`,
    permission: 'reports.view',
    component: lazy(() => import('../pages/regulatory/RegulatoryFilesPage.tsx')),
  },
  {
    path: '/watch',
    label: msg`Vigilância`,
    permission: 'moneyWatch.cases',
    pending: 'flags',
    component: lazy(() => import('../pages/watch/FlagsPage.tsx')),
  },
  {
    path: '/harm',
    label: msg`Prevenção de danos`,
    permission: 'harm.cases',
    pending: 'harmTasks',
    component: lazy(() => import('../pages/harm/HarmTasksPage.tsx')),
  },
  {
    path: '/watch/cases/:flagId',
    label: msg`Caso`,
    permission: 'moneyWatch.cases',
    nav: false,
    component: lazy(() => import('../pages/watch/CasePage.tsx')),
  },
  {
    path: '/audit',
    label: msg`Auditoria`,
    permission: 'audit.view',
    component: lazy(() => import('../pages/audit/AuditPage.tsx')),
  },
  {
    path: '/settings',
    label: msg`Configurações`,
    permission: 'players.view',
    component: lazy(() => import('../pages/settings/SettingsPage.tsx')),
  },
  {
    path: '/rewards',
    label: msg`Recompensas`,
    permission: 'players.view',
    component: lazy(() => import('../pages/settings/RewardsPage.tsx')),
  },
  {
    path: '/games',
    label: msg`Jogos`,
    permission: 'games.switch',
    component: lazy(() => import('../pages/manage/GamesPage.tsx')),
  },
  {
    path: '/four-eyes',
    label: msg`Quatro olhos`,
    permission: 'players.adjust',
    pending: 'fourEyes',
    component: lazy(() => import('../pages/manage/FourEyesPage.tsx')),
  },
  {
    path: '/operators',
    label: msg`Operadores`,
    permission: 'operators.manage',
    component: lazy(() => import('../pages/manage/OperatorsPage.tsx')),
  },
  {
    path: '/security',
    label: msg`Minha conta`,
    component: lazy(() => import('../pages/session/SecurityPage.tsx')),
  },
]
