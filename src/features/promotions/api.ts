// The promotions tab's call: every active promotion with its terms, from the server's config.
import type { PromotionsView } from '../../../contract/rewards.ts'
import { call } from '../../lib/api.ts'

export const getPromotions = () => call<PromotionsView>('/v1/rewards/promotions')
