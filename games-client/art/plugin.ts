// The Vite plugin that puts the games' art in the build: each game's sprite and lobby cover
// (compile.ts) emitted as static files under games-client/, and served the same way by the dev
// server. Nothing is fetched from the network, at build or at run time.
import type { Plugin } from 'vite'
import { games } from '../../contract/games/catalog.ts'
import { gameArtFiles } from './compile.ts'

export function gameArt(): Plugin {
  let files: Map<string, string> | null = null
  const compiled = () => {
    files ??= gameArtFiles(games)
    return files
  }
  return {
    name: 'jogo-limpo:game-art',
    generateBundle() {
      for (const [fileName, source] of compiled()) this.emitFile({ type: 'asset', fileName, source })
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const svg = compiled().get((request.url ?? '').split(/[?#]/)[0]?.slice(1) ?? '')
        if (!svg) return next()
        response.setHeader('content-type', 'image/svg+xml')
        response.end(svg)
      })
    },
  }
}
