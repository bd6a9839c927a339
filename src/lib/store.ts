// The single jotai store of the app, and the only module that imports jotai: everything else
// takes `atom` and the hooks from here. Atoms live beside the module that owns them; code
// outside React (the API client, the session) reads and writes them through this store.
import { atom, createStore, Provider, useAtomValue, useSetAtom } from 'jotai'

export const appStore = createStore()

export { atom, Provider, useAtomValue, useSetAtom }
