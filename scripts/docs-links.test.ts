// The front door and docs/ point only at what exists: every relative link, and every file path
// they name from the repository's root (`server/…`, `src/…`, `tests/…` …), resolves in the work
// tree, so a move or a rename that leaves the documentation behind fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const roots = [
  'server',
  'src',
  'contract',
  'console',
  'games-client',
  'sw',
  'tests',
  'scripts',
  'locales',
  'docs',
  'public',
]

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name))
  return [...['README.md', 'CONTRIBUTING.md', 'SECURITY.md'].map((f) => path.join(root, f)), ...docs]
}

/** Paths named in backticks from the repository's root, without globs or placeholders. */
function namedPaths(text: string): string[] {
  const found = new Set<string>()
  for (const match of text.matchAll(/`([^`\s]+)`/g)) {
    const candidate = (match[1] as string).replace(/[:#].*$/, '').replace(/\/$/, '')
    const first = candidate.split('/')[0] as string
    if (!roots.includes(first) || candidate === first) continue
    if (/[*<>{}|…]|\.\.\./.test(candidate)) continue
    found.add(candidate)
  }
  return [...found]
}

function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)|\ssrc="([^"]+)"/g)]
    .map((m) => ((m[1] ?? m[2]) as string).replace(/#.*$/, ''))
    .filter((link) => link !== '' && !/^[a-z]+:/.test(link))
}

describe('documentation paths', () => {
  it('finds the paths it checks', () => {
    const named = markdownFiles().flatMap((file) => namedPaths(readFileSync(file, 'utf8')))
    expect(named.length).toBeGreaterThan(50)
  })

  for (const file of markdownFiles()) {
    const name = path.relative(root, file)
    it(`${name} names only files that exist`, () => {
      const text = readFileSync(file, 'utf8')
      const missing = [
        ...namedPaths(text).filter((p) => !existsSync(path.join(root, p))),
        ...relativeLinks(text).filter((link) => !existsSync(path.resolve(path.dirname(file), link))),
      ]
      expect(missing).toEqual([])
    })
  }
})
