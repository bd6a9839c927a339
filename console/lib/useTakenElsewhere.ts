// First decision wins: a queue item that leaves the open list without a decision from this console
// was decided by another operator, and stays listed here as taken until the page changes tab. An
// item this console is deciding is its own from before the call: the push of its own decision
// often arrives before the answer, and must not read as someone else's. What this console decided
// stays listed too, with the decision, once it has left the open list.
import { useEffect, useRef, useState } from 'react'

export function useTakenElsewhere<Item, Key, Decision>(
  items: readonly Item[] | undefined,
  keyOf: (item: Item) => Key,
  watching: boolean,
) {
  const [taken, setTaken] = useState<Map<Key, Item>>(new Map())
  const [mine, setMine] = useState<Map<Key, { item: Item; decision: Decision }>>(new Map())
  /** Being decided here, or decided here. */
  const ours = useRef(new Set<Key>())
  /** Items of ours that left the list (their own decision's push may come before its answer). */
  const left = useRef(new Map<Key, Item>())
  const shown = useRef<readonly Item[]>([])
  const key = useRef(keyOf)
  key.current = keyOf

  useEffect(() => {
    if (!items || !watching) return
    const current = new Set(items.map((item) => key.current(item)))
    const gone = shown.current.filter((item) => !current.has(key.current(item)))
    const elsewhere: Item[] = []
    for (const item of gone) {
      if (ours.current.has(key.current(item))) left.current.set(key.current(item), item)
      else elsewhere.push(item)
    }
    if (elsewhere.length > 0)
      setTaken((previous) => {
        const next = new Map(previous)
        for (const item of elsewhere) next.set(key.current(item), item)
        return next
      })
    shown.current = items
  }, [items, watching])

  const find = (id: Key) => shown.current.find((item) => key.current(item) === id) ?? left.current.get(id)
  const present = new Set((items ?? []).map((item) => keyOf(item)))

  return {
    taken,
    /** What this console decided that has left the open list, with the decision. */
    mine: [...mine.values()].filter((entry) => !present.has(keyOf(entry.item))),
    /** This console is about to decide it: its leaving the list is no one else's doing. */
    deciding: (id: Key) => {
      ours.current.add(id)
    },
    /** This console's decision went through. */
    decided: (id: Key, decision: Decision) => {
      const item = find(id)
      if (item !== undefined) setMine((previous) => new Map(previous).set(id, { item, decision }))
    },
    /**
     * This console's decision did not go through: gone from the list meanwhile, someone else
     * decided it; still listed, it is marked taken when it leaves.
     */
    failed: (id: Key) => {
      ours.current.delete(id)
      const item = left.current.get(id)
      left.current.delete(id)
      if (item !== undefined) setTaken((previous) => new Map(previous).set(id, item))
    },
    /** Another list is shown: what left the previous one says nothing. */
    forget: () => {
      shown.current = []
    },
  }
}
