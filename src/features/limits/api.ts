// The responsible-gaming calls: the limits view, setting each limit, the mandatory
// limits at registration, self-exclusion and the activity view.
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

export const getLimits = () => call<LimitsView>('/v1/bus/limits')

export const setDepositLimit = (input: RequestBody<typeof setDepositLimitRequest>) =>
  call<LimitsView>('/v1/bus/setDepositLimit', input)

export const setLossLimit = (input: RequestBody<typeof setLossLimitRequest>) =>
  call<LimitsView>('/v1/bus/setLossLimit', input)

export const setSessionLimit = (input: RequestBody<typeof setSessionLimitRequest>) =>
  call<LimitsView>('/v1/bus/setSessionLimit', input)

export const setRealityCheck = (input: RequestBody<typeof setRealityCheckRequest>) =>
  call<LimitsView>('/v1/bus/setRealityCheck', input)

export const setRegistrationLimits = (input: RequestBody<typeof registrationLimitsRequest>) =>
  call<LimitsView>('/v1/bus/setRegistrationLimits', input)

export const selfExclude = (input: RequestBody<typeof selfExcludeRequest>) =>
  call<LimitsView>('/v1/bus/selfExclude', input)

export const getActivity = (input: RequestBody<typeof activityRequest>) => call<ActivityView>('/v1/bus/activity', input)

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
