// The home banners and where each one leads. Their words state facts about the product;
// none promises a prize.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export interface Banner {
  id: string
  action: 'invite' | 'daily_task' | 'new_player_task' | 'to_charge' | 'task'
  title: MessageDescriptor
  text: MessageDescriptor
  colors: [string, string]
}

export const banners: Banner[] = [
  {
    id: 'fair',
    action: 'to_charge',
    title: msg`PIX sem taxas`,
    text: msg`Deposite e saque por PIX. Nenhum saque pede depósito ou taxa.`,
    colors: ['#0b3d2e', '#1f7a57'],
  },
  {
    id: 'rtp',
    action: 'task',
    title: msg`RTP publicado`,
    text: msg`Cada jogo mostra o RTP exato, calculado com todas as combinações dos rolos.`,
    colors: ['#3c096c', '#7b2cbf'],
  },
  {
    id: 'invite',
    action: 'invite',
    title: msg`Convide amigos`,
    text: msg`Veja as regras do convite antes de compartilhar.`,
    colors: ['#023047', '#219ebc'],
  },
]

/** Where a banner's action leads: invite → /promote; tasks and deposits → /pay; task → /sign (the home opens the sign-in popup instead). */
export function bannerTarget(action: Banner['action']): string {
  if (action === 'invite') return '/promote'
  if (action === 'task') return '/sign'
  return '/pay'
}
