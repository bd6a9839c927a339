// The harm watch's shapes, shared by the server, the player app and the console (no zod here, so
// the browser can import them; contract/harm-replies.ts has the schemas): the markers' names, the
// interventions' kinds, what a player sees of theirs and what an operator works with.

/** Every marker the harm watch computes (server/harm/rules.ts defines each, keyed by these names). */
export const harmRuleNames = [
  'deposits_per_day',
  'deposit_acceleration',
  'chasing_losses',
  'loss_of_limit',
  'night_play',
  'long_session',
  'session_frequency',
  'reversed_withdrawals',
  'limit_raises',
  'rising_stakes',
  'reality_check_dismissals',
  'distress_words',
] as const
export type HarmRuleName = (typeof harmRuleNames)[number]

/** Level 1 a message, 2 an offered cool-off, 3 an operator's contact task, 4 a mandatory pause. */
export const harmInterventionKinds = ['message', 'cool_off_offer', 'contact_task', 'mandatory_pause'] as const
export type HarmInterventionKind = (typeof harmInterventionKinds)[number]

export const harmInterventionStatuses = ['open', 'seen', 'accepted', 'declined', 'done', 'applied'] as const
export type HarmInterventionStatus = (typeof harmInterventionStatuses)[number]

/** The player's own figures an intervention shows them (centavos, minutes). */
export interface HarmFigures {
  depositsToday: number
  depositedToday: number
  deposits7d: number
  deposited7d: number
  lossToday: number
  loss7d: number
  minutes7d: number
  lossLimitDay: number | null
  /** A mandatory pause's end (level 4). */
  pauseUntil: number | null
}

export interface HarmIntervention {
  id: number
  level: number
  kind: HarmInterventionKind
  status: HarmInterventionStatus
  /** The markers that fired: the reason, said in the player's words by the app. */
  fired: HarmRuleName[]
  figures: HarmFigures
  createdAt: number
  resolvedAt: number | null
}

/** What the player sees: interventions still waiting for them, and every one so far. */
export interface HarmNotices {
  open: HarmIntervention[]
  history: HarmIntervention[]
}

export interface HarmMarker {
  rule: HarmRuleName
  version: number
  weight: number
  value: number
  threshold: number
  fired: boolean
}

export interface HarmTask {
  id: number
  playerId: number
  playerName: string | null
  level: number
  score: number
  fired: HarmRuleName[]
  figures: HarmFigures
  status: HarmInterventionStatus
  createdAt: number
  dueAt: number
  overdue: boolean
  resolvedAt: number | null
  resolvedBy: string | null
  outcome: string | null
}

export interface HarmTaskList {
  items: HarmTask[]
}

export const harmTaskOutcomes = ['contacted', 'unreachable', 'referred', 'no_concern'] as const
export type HarmTaskOutcome = (typeof harmTaskOutcomes)[number]

export interface HarmScoreReview {
  id: number
  playerId: number
  fromScore: number
  toScore: number
  reason: string
  status: 'pending' | 'approved' | 'rejected'
  requestedBy: string
  decidedBy: string | null
  createdAt: number
  decidedAt: number | null
}

export interface HarmPlayerView {
  playerId: number
  score: number
  rawScore: number
  level: number
  computedAt: number | null
  markers: HarmMarker[]
  lowered: { to: number; until: number; reason: string } | null
  interventions: HarmIntervention[]
  reviews: HarmScoreReview[]
}

/** Deposits and loss (centavos) and time played (minutes) over 7 days, a mean per intervention. */
export interface HarmBehaviour {
  deposited: number
  loss: number
  minutes: number
}

/** Per kind of intervention: how many, how many measured, and the mean week before and after. */
export interface HarmEffectRow {
  kind: HarmInterventionKind
  level: number
  interventions: number
  measured: number
  before: HarmBehaviour
  after: HarmBehaviour
}

export interface HarmEffect {
  rows: HarmEffectRow[]
}
