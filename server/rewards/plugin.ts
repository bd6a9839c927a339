// The rewards module: promotions and their switches, the new-player gift, daily sign-in, the free
// wheel, play tasks, invites and one-time prompts — every credit decided here and paid through
// the ledger as bonus with its wagering. Its tables are reward_claims, sign_ins, wheel_spins,
// referral_codes, invite_rewards and player_notices. An invitee's first paid deposit qualifies
// their inviter inside the deposit's own transaction.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { recordInviteQualification } from './invites.ts'
import { claimedRewardTotal, type RewardsContext } from './promotions.ts'

export interface RewardsService {
  context: RewardsContext
  /** Everything the player has received from rewards (accountInfo's `rewardAmount`). */
  claimedTotal(playerId: number): Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    rewards: RewardsService
  }
}

const rewardsPlugin: FastifyPluginAsync = async (app) => {
  const rewards: RewardsContext = { db: app.db, ledger: app.ledger, config: app.config, now: () => app.clock.now() }
  app.decorate('rewards', { context: rewards, claimedTotal: (playerId) => claimedRewardTotal(app.db, playerId) })
  app.payments.deposits.onFirstDeposit((tx, playerId) => recordInviteQualification(rewards, tx, playerId))
}

export const rewardsModule = fp(rewardsPlugin, { name: 'rewards', dependencies: ['ledger', 'payments'] })
