// A decision worklist with tabs (withdrawals, verifications): the list of the tab shown, read
// again on each push of its topic, the item open beside it, and what left the first tab — the one
// decided in — by another operator or by this console. Changing tab closes the item and forgets
// what was taken.
import { useState } from 'react'
import type { OperatorPush } from '../../contract/ops.ts'
import { useOpsPush } from './push.ts'
import { useCall } from './useCall.ts'
import { useTakenElsewhere } from './useTakenElsewhere.ts'

export function useWorklist<Tab extends string, List extends { items: Item[] }, Item, Key, Decision>(options: {
  /** The tab decisions are made in, shown first. */
  decidingTab: Tab
  load: (tab: Tab) => Promise<List>
  keyOf: (item: Item) => Key
  topic: OperatorPush['topic']
}) {
  const [tab, setTab] = useState<Tab>(options.decidingTab)
  const { load } = options
  // `load` is the page's api function, the same on every render.
  const list = useCall(() => load(tab), [load, tab])
  const [selected, setSelected] = useState<Item>()
  const deciding = tab === options.decidingTab
  const taken = useTakenElsewhere<Item, Key, Decision>(list.data?.items, options.keyOf, deciding)

  useOpsPush((push) => {
    if (push.topic === options.topic) list.reload()
  })

  const changeTab = (next: Tab) => {
    setTab(next)
    setSelected(undefined)
    taken.forget()
  }
  return { tab, changeTab, list, selected, setSelected, ...taken }
}
