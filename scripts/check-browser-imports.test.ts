// The browser-imports check finds zod reached through a value import — directly, through a
// re-export, or through a lazily imported page — and lets type-only imports of the same module
// pass; the repository as it is passes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { serverOnlyChains } from './check-browser-imports.ts'

let dir: string | null = null

/** A small repository: each entry is a file and its source. */
function tree(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'browser-imports-'))
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), source)
  }
  return dir
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

const contract = {
  'contract/replies.ts':
    "import { z } from 'zod'\nexport const reply = z.object({})\nexport type Reply = z.infer<typeof reply>\n",
  'contract/money.ts': 'export const cents = (n: number) => n * 100\n',
}

describe('check-browser-imports', () => {
  it('lets type-only imports of a zod module pass', () => {
    const root = tree({
      ...contract,
      'src/main.tsx':
        "import type { Reply } from '../contract/replies.ts'\nimport { cents } from '../contract/money.ts'\nexport const r: Reply = {}\nexport const c = cents(1)\n",
      'src/page.tsx': "import { type Reply } from '../contract/replies.ts'\nexport type { Reply }\n",
    })
    expect(serverOnlyChains(root, ['src/main.tsx'])).toEqual([])
  })

  it('names the chain to zod through a value import, a re-export and a lazy page', () => {
    const root = tree({
      ...contract,
      'src/main.tsx':
        "import { api } from './api.ts'\nexport const page = () => import('./page.tsx')\nexport { api }\n",
      'src/api.ts': "export { reply as api } from '../contract/replies.ts'\n",
      'src/page.tsx':
        "import { type Reply, reply } from '../contract/replies.ts'\nexport const p: Reply = reply.parse({})\n",
    })
    expect(serverOnlyChains(root, ['src/main.tsx'])).toEqual([
      ['src/main.tsx', 'src/api.ts', 'contract/replies.ts', 'zod'],
    ])
    // The page reaches the same module, already reported once through the first chain.
    const pageOnly = tree({
      ...contract,
      'src/main.tsx': "export const page = () => import('./page.tsx')\n",
      'src/page.tsx': "import { reply } from '../contract/replies.ts'\nexport const p = reply\n",
    })
    expect(serverOnlyChains(pageOnly, ['src/main.tsx'])).toEqual([
      ['src/main.tsx', 'src/page.tsx', 'contract/replies.ts', 'zod'],
    ])
  })

  it('passes the repository as it is', () => {
    expect(serverOnlyChains(path.resolve(import.meta.dirname, '..'))).toEqual([])
  })
})
