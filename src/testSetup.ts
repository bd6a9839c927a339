// Component tests run in jsdom with a real IndexedDB implementation (fake-indexeddb).
import 'fake-indexeddb/auto'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())
