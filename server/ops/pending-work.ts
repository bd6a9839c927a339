// The work waiting for operators, counted for the console's menu and dashboard. Each count is a
// query of the module that owns the rows, given here by that module (support and the money watch
// stand above ops, so they hand their counts in when they start); an operator is told only the
// counts of work their role may do (contract/ops.ts `pendingWorkPermission`).
import { type PendingWork, type PendingWorkKind, pendingWorkPermission } from '../../contract/ops.ts'
import type { OperatorRole } from '../db/schema.ts'
import { may } from './roles.ts'

/** Counts one kind of waiting work; `operatorId` is who asks (null: the scripts' account). */
export type PendingCounter = (operatorId: number | null) => Promise<number>

export class PendingWorkCounts {
  readonly #counters = new Map<PendingWorkKind, PendingCounter>()

  /** The module that owns a kind's rows says how to count it (once per kind). */
  provide(kind: PendingWorkKind, counter: PendingCounter): void {
    if (this.#counters.has(kind)) throw new Error(`pending work ${kind} is already counted`)
    this.#counters.set(kind, counter)
  }

  /** The counts the role may see, each read now from its rows. */
  async countsFor(role: OperatorRole, operatorId: number | null): Promise<PendingWork> {
    const kinds = [...this.#counters.keys()].filter((kind) => may(role, pendingWorkPermission[kind]))
    const counts = await Promise.all(kinds.map((kind) => (this.#counters.get(kind) as PendingCounter)(operatorId)))
    return Object.fromEntries(kinds.map((kind, i) => [kind, counts[i]]))
  }
}
