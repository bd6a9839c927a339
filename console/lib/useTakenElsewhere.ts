// First decision wins: a queue item that leaves the open list without a decision from this console
// was decided by another operator, and stays listed here as taken until the page changes tab.
import { useEffect, useRef, useState } from 'react'

export function useTakenElsewhere<Item, Key>(
  items: readonly Item[] | undefined,
  keyOf: (item: Item) => Key,
  watching: boolean,
) {
  const [taken, setTaken] = useState<Map<Key, Item>>(new Map())
  const decidedHere = useRef(new Set<Key>())
  const shown = useRef<readonly Item[]>([])
  const key = useRef(keyOf)
  key.current = keyOf

  useEffect(() => {
    if (!items || !watching) return
    const current = new Set(items.map((item) => key.current(item)))
    const gone = shown.current.filter(
      (item) => !current.has(key.current(item)) && !decidedHere.current.has(key.current(item)),
    )
    if (gone.length > 0)
      setTaken((previous) => {
        const next = new Map(previous)
        for (const item of gone) next.set(key.current(item), item)
        return next
      })
    shown.current = items
  }, [items, watching])

  return {
    taken,
    /** This console decided it: its leaving the list is no one else's doing. */
    decided: (id: Key) => decidedHere.current.add(id),
    /** Another list is shown: what left the previous one says nothing. */
    forget: () => {
      shown.current = []
    },
  }
}
