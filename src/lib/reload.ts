// Tapping the active bottom tab asks its page to reload its data; pages read this counter as
// a dependency of their loads.
import { atom } from 'jotai'

export const tabReloadAtom = atom(0)
