// The language list and the compiled packs the client loads (GET, cacheable by version).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { languages } from '../../contract/languages.ts'
import { ok } from './envelope.ts'

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  const packs = app.languagePacks

  app.get('/cache/getLangList', async () => ok({ version: packs.version, languages: packs.list }))

  app.get(
    '/cache/langPack/:language',
    { schema: { params: z.object({ language: z.enum(languages) }) } },
    async (request) =>
      ok({ version: packs.version, language: request.params.language, messages: packs.pack(request.params.language) }),
  )
}
