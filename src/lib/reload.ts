// Tapping the active bottom tab asks its page to reload its data; pages read this counter as
// a dependency of their loads.
import { atom } from './store.ts'

export const tabReloadAtom = atom(0)
