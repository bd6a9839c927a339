// `npm run check` part: zod stays on the server. Follows every import that survives compilation
// (static, re-exports, `import()`; `import type` and `export type` are erased) from the browser's
// entry points — the PWA, the game page and the service worker — and fails naming the chain of
// files through which one reaches zod: a contract module with zod schemas imported for a value
// instead of only for its types. `npm run size` checks the built bundle for the same thing; this
// check needs no build.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAst } from 'vite'
import { cliArgs } from './cli-args.ts'

/** The browser's entry points, relative to the repository. */
export const browserEntries = ['src/app/main.tsx', 'games-client/main.ts', 'sw/sw.ts']

/** Packages that must not reach the browser. */
const serverOnly = (specifier: string) => specifier === 'zod' || specifier.startsWith('zod/')

interface AstNode {
  type: string
  [key: string]: unknown
}

/** The specifiers of a file's imports that remain in its compiled JavaScript. */
export function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8')
  const ast = parseAst(source, { lang: file.endsWith('x') ? 'tsx' : 'ts' }) as unknown as AstNode
  const found: string[] = []
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item)
      return
    }
    if (!node || typeof node !== 'object') return
    const n = node as AstNode
    const from = (n.source as { value?: unknown } | null | undefined)?.value
    if (n.type === 'ImportDeclaration' && n.importKind !== 'type' && typeof from === 'string') found.push(from)
    else if (
      (n.type === 'ExportNamedDeclaration' || n.type === 'ExportAllDeclaration') &&
      n.exportKind !== 'type' &&
      typeof from === 'string'
    )
      found.push(from)
    else if (n.type === 'ImportExpression' && typeof from === 'string') found.push(from)
    for (const [key, value] of Object.entries(n))
      if (key !== 'source' && value && typeof value === 'object') visit(value)
  }
  visit(ast)
  return found
}

/**
 * Every chain of runtime imports from `entries` (paths relative to `root`) that ends in a
 * server-only package, each as the list of files it runs through and the package last.
 */
export function serverOnlyChains(root: string, entries: readonly string[] = browserEntries): string[][] {
  const chains: string[][] = []
  const seen = new Set<string>()
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    const here = [...trail, path.relative(root, file)]
    for (const specifier of runtimeImports(file)) {
      if (serverOnly(specifier)) chains.push([...here, specifier])
      if (!specifier.startsWith('.')) continue
      const target = path.resolve(path.dirname(file), specifier.replace(/\?.*$/, ''))
      if (/\.[cm]?[jt]sx?$/.test(target) && existsSync(target)) walk(target, here)
    }
  }
  for (const entry of entries) walk(path.resolve(root, entry), [])
  return chains
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  cliArgs({}, 'usage: node scripts/check-browser-imports.ts')
  const chains = serverOnlyChains(path.resolve(import.meta.dirname, '..'))
  if (chains.length > 0) {
    console.error('zod would reach the browser (scripts/check-browser-imports.ts): import only types from these.')
    for (const chain of chains) console.error(`  ${chain.join(' → ')}`)
    process.exit(1)
  }
  console.log('Browser imports: no zod in the PWA, the game page or the service worker.')
}
