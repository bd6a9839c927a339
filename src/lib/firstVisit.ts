// The offers a visit can make on its own, one at a time in a fixed order: the welcome (gift
// envelope or first game), the ad-consent question, the first-deposit offer, then the install
// offer. Each step says whether it asks; a step shows only once every earlier one is settled
// (answered, or nothing to ask), so the next appears only after the previous is answered. The
// install offer also waits until the player has played, and after "Agora não" for a week.
import { storage } from './storage.ts'
import { appStore, atom, useAtomValue } from './store.ts'

export const offerSteps = ['welcome', 'consent', 'firstDeposit', 'install'] as const
export type OfferStep = (typeof offerSteps)[number]
/** `pending`: not known yet whether it asks; `asking`: waiting for its turn or its answer. */
type StepState = 'pending' | 'asking' | 'settled'

const initial: Record<OfferStep, StepState> = {
  welcome: 'pending',
  consent: 'pending',
  firstDeposit: 'pending',
  install: 'pending',
}
export const offerStepsAtom = atom<Record<OfferStep, StepState>>(initial)

function setStep(step: OfferStep, state: StepState) {
  const steps = appStore.get(offerStepsAtom)
  if (steps[step] === state || (steps[step] === 'settled' && state === 'asking')) return
  appStore.set(offerStepsAtom, { ...steps, [step]: state })
}

/** The step has something to ask; it shows when its turn comes. */
export const willAsk = (step: OfferStep) => setStep(step, 'asking')
/** The step was answered, or has nothing to ask: the next one may show. */
export const settle = (step: OfferStep) => setStep(step, 'settled')
/** A new account on this page (another login): its steps are decided again. */
export function resetOfferSteps(steps: OfferStep[]) {
  appStore.set(offerStepsAtom, {
    ...appStore.get(offerStepsAtom),
    ...Object.fromEntries(steps.map((s) => [s, 'pending'])),
  })
}

/** The step whose turn it is: the first not yet settled (null once all are). */
export function currentStep(steps: Record<OfferStep, StepState>): OfferStep | null {
  return offerSteps.find((step) => steps[step] !== 'settled') ?? null
}

/** True while `step` is asking and every earlier step is settled. */
export function useOfferTurn(step: OfferStep): boolean {
  const steps = useAtomValue(offerStepsAtom)
  return currentStep(steps) === step && steps[step] === 'asking'
}

/** "Agora não" on the install offer holds this long. */
export const INSTALL_SNOOZE_MS = 7 * 24 * 60 * 60 * 1000

/** Whether the player has played a round on this device, and when the install offer was put off. */
export const installGateAtom = atom<{ played: boolean; snoozedAt: number | null } | null>(null)

export async function loadInstallGate(): Promise<void> {
  const [played, snoozedAt] = await Promise.all([storage.get('playedRound'), storage.get('installSnoozedAt')])
  appStore.set(installGateAtom, { played: played === true, snoozedAt: snoozedAt ?? null })
}

/** A round was played (the game told the app its new balance). */
export function markPlayed(): void {
  const gate = appStore.get(installGateAtom)
  if (gate?.played) return
  appStore.set(installGateAtom, { played: true, snoozedAt: gate?.snoozedAt ?? null })
  void storage.set('playedRound', true)
}

/** "Agora não": not offered again on this device for a week. */
export function snoozeInstall(now = Date.now()): void {
  appStore.set(installGateAtom, { played: appStore.get(installGateAtom)?.played ?? false, snoozedAt: now })
  void storage.set('installSnoozedAt', now)
  settle('install')
}

/** The install offer may show: played, and no "Agora não" in the last week. */
export function installAllowed(gate: { played: boolean; snoozedAt: number | null } | null, now = Date.now()): boolean {
  if (!gate?.played) return false
  return gate.snoozedAt === null || now - gate.snoozedAt >= INSTALL_SNOOZE_MS
}
