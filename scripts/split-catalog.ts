// A Vite build plugin: the bundled Portuguese catalog split in two. The first route's code (the
// app's start and the lobby, each with its static imports) gets only the messages it uses, inlined
// where `src/lib/i18n.ts` imports the catalog; every other message goes into a chunk of its own,
// which `src/lib/catalog.ts` imports (the lazily loaded parts of the app await it before they
// render, `src/lib/lazy.tsx`). "Uses" means the message's id appears as a string in the
// module's compiled code, which is where Lingui's macros put it. Outside the build (dev server,
// tests) both imports are the whole catalog.
import MagicString from 'magic-string'
import type { Plugin } from 'vite'

const CATALOG = /[/\\]locales[/\\]pt-BR[/\\]messages\.json$/
const FIRST_ROUTE_ID = '\0pt-BR-messages-first-route'
const REST_ID = '\0pt-BR-messages-rest'
const FIRST_ROUTE_TOKEN = '__JL_CATALOG_FIRST_ROUTE__'
const REST_TOKEN = '__JL_CATALOG_REST__'

export interface CatalogSplit {
  firstRoute: Record<string, unknown>
  rest: Record<string, unknown>
}

/** Splits `messages` by whether a module of the first route mentions each id as a string. */
export function splitMessages(messages: Record<string, unknown>, firstRouteCode: readonly string[]): CatalogSplit {
  const firstRoute: Record<string, unknown> = {}
  const rest: Record<string, unknown> = {}
  for (const [id, message] of Object.entries(messages)) {
    const quoted = [JSON.stringify(id), `'${id}'`, `\`${id}\``]
    if (firstRouteCode.some((code) => quoted.some((q) => code.includes(q)))) firstRoute[id] = message
    else rest[id] = message
  }
  return { firstRoute, rest }
}

/** `firstRoute`: the modules (paths ending so) the first route loads, each with its static imports. */
export function splitCatalog(firstRoute: readonly string[]): Plugin {
  /** Each source module's compiled code, as the last transform left it. */
  const compiled = new Map<string, string>()
  let catalogFile: string | null = null
  let split: CatalogSplit | null = null
  return {
    name: 'jogo-limpo:split-catalog',
    apply: 'build',
    // Before Vite's resolver, which would otherwise resolve the catalog as a plain JSON file.
    enforce: 'pre',
    async resolveId(source, importer) {
      const part = importer?.endsWith('/src/lib/i18n.ts')
        ? FIRST_ROUTE_ID
        : importer?.endsWith('/src/lib/catalog.ts')
          ? REST_ID
          : null
      if (!part || !source.endsWith('/pt-BR/messages.json')) return null
      const resolved = await this.resolve(source, importer, { skipSelf: true })
      if (!resolved || !CATALOG.test(resolved.id)) return null
      catalogFile = resolved.id
      return part
    },
    load(id) {
      if (id === FIRST_ROUTE_ID) return `export const messages = JSON.parse(${JSON.stringify(FIRST_ROUTE_TOKEN)})`
      if (id === REST_ID) return `export const messages = JSON.parse(${JSON.stringify(REST_TOKEN)})`
      return null
    },
    transform: {
      order: 'post',
      handler(code, id) {
        if (!id.startsWith('\0') && !id.includes('/node_modules/')) compiled.set(id, code)
        return null
      },
    },
    async renderChunk(code) {
      if (!code.includes(FIRST_ROUTE_TOKEN) && !code.includes(REST_TOKEN)) return null
      if (!split) {
        if (!catalogFile) throw new Error('split-catalog: the catalog was never imported')
        const { readFile } = await import('node:fs/promises')
        const { messages } = JSON.parse(await readFile(catalogFile, 'utf8')) as { messages: Record<string, unknown> }
        const seen = new Set<string>()
        const visit = (id: string) => {
          if (seen.has(id)) return
          seen.add(id)
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported)
        }
        for (const ending of firstRoute) {
          const entry = [...this.getModuleIds()].find((id) => id.endsWith(ending))
          if (!entry) throw new Error(`split-catalog: no module ${ending}`)
          visit(entry)
        }
        split = splitMessages(
          messages,
          [...seen].flatMap((id) => compiled.get(id) ?? []),
        )
      }
      const out = new MagicString(code)
      for (const [token, part] of [
        [FIRST_ROUTE_TOKEN, split.firstRoute],
        [REST_TOKEN, split.rest],
      ] as const) {
        for (const match of code.matchAll(new RegExp(`(["'\`])${token}\\1`, 'g'))) {
          out.overwrite(match.index, match.index + match[0].length, JSON.stringify(JSON.stringify(part)))
        }
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) }
    },
  }
}
