// The single jotai store of the app. Atoms live beside the module that owns them; code outside
// React (the API client, the session) reads and writes them through this store.
import { createStore } from 'jotai'

export const appStore = createStore()
