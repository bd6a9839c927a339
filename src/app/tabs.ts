// The bottom navigation: five tabs by default, or the four-tab variant chosen by configuration
// (VITE_NAV_VARIANT=4).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export interface Tab {
  path: string
  label: MessageDescriptor
  icon: string
}

const fiveTabs: Tab[] = [
  { path: '/', label: msg`Início`, icon: 'home' },
  { path: '/event', label: msg`Promoções`, icon: 'gift' },
  { path: '/rechargeMall', label: msg`Depósito`, icon: 'plus' },
  { path: '/withdrawTab', label: msg`Saque`, icon: 'out' },
  { path: '/mine', label: msg`Perfil`, icon: 'user' },
]

const fourTabs: Tab[] = [
  { path: '/', label: msg`Início`, icon: 'home' },
  { path: '/activity', label: msg`Promoções`, icon: 'gift' },
  { path: '/withdrawMoney', label: msg`Saque`, icon: 'out' },
  { path: '/service', label: msg`Atendimento`, icon: 'chat' },
]

export const tabs: Tab[] = import.meta.env.VITE_NAV_VARIANT === '4' ? fourTabs : fiveTabs
export const isTabPath = (path: string) => tabs.some((tab) => tab.path === path)
