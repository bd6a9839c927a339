// The responsible-gaming calls: the limits view, setting each limit, the mandatory
// limits at registration, self-exclusion and the activity view; the harm watch's notices to the
// player and their answers.

import type { HarmNotices } from '../../../contract/harm.ts'
import type {
  ActivityView,
  activityRequest,
  LimitsView,
  registrationLimitsRequest,
  selfExcludeRequest,
  setDepositLimitRequest,
  setLossLimitRequest,
  setRealityCheckRequest,
  setSessionLimitRequest,
} from '../../../contract/limits.ts'
import type { RequestBody } from '../../../contract/request.ts'
import { call } from '../../lib/api.ts'

export const getLimits = () => call<LimitsView>('/v1/limits')

export const setDepositLimit = (input: RequestBody<typeof setDepositLimitRequest>) =>
  call<LimitsView>('/v1/limits/deposit', input)

export const setLossLimit = (input: RequestBody<typeof setLossLimitRequest>) =>
  call<LimitsView>('/v1/limits/loss', input)

export const setSessionLimit = (input: RequestBody<typeof setSessionLimitRequest>) =>
  call<LimitsView>('/v1/limits/session', input)

export const setRealityCheck = (input: RequestBody<typeof setRealityCheckRequest>) =>
  call<LimitsView>('/v1/limits/realityCheck', input)

export const setRegistrationLimits = (input: RequestBody<typeof registrationLimitsRequest>) =>
  call<LimitsView>('/v1/limits/registration', input)

export const selfExclude = (input: RequestBody<typeof selfExcludeRequest>) =>
  call<LimitsView>('/v1/limits/selfExclude', input)

export const getActivity = (input: RequestBody<typeof activityRequest>) => call<ActivityView>('/v1/activity', input)

/**
 * The government's centralised self-exclusion platform (Portaria SPA/MF 2.579/2025; run by SPA
 * with a gov.br account since December 2025) and help pages.
 */
export const helpLinks = {
  selfExclusion: 'https://www.gov.br/autoexclusaoapostas',
  problemGambling:
    'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas/jogo-responsavel',
  cvv: 'tel:188',
}

/** The harm watch's messages and offers waiting for the player, a pause it imposed, and the history. */
export const getHarmNotices = () => call<HarmNotices>('/v1/harm/notices')

/** Answers a message (seen) or an offered cool-off (accepted starts the pause; declined). */
export const answerHarm = (interventionId: number, answer: 'seen' | 'accepted' | 'declined') =>
  call<HarmNotices>('/v1/harm/answer', { interventionId, answer })
