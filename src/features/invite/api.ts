// The invite screen's calls: the counts and rewards the server kept, the share link and
// code, and claiming what friends earned.
import type { RequestBody } from '../../../contract/request.ts'
import type { InviteStats, inviteClaimRequest, RewardCredit, ShareInfo } from '../../../contract/rewards.ts'
import { call } from '../../lib/api.ts'

export const getInviteStats = () => call<InviteStats>('/v1/rewards/invites')

export const getShareLink = () => call<ShareInfo>('/v1/rewards/invites/link')

export const claimInviteRewards = (input: RequestBody<typeof inviteClaimRequest>) =>
  call<RewardCredit>('/v1/rewards/invites/claim', input)
