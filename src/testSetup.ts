// Component tests run in jsdom with a real IndexedDB implementation (fake-indexeddb). jsdom lays
// nothing out, so it has no scrollIntoView: a sheet bringing a field into view does nothing here.
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

Element.prototype.scrollIntoView ??= () => {}

afterEach(() => cleanup())
