// The language list and the compiled packs the client loads (GET, cacheable by version).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { languages } from '../../contract/languages.ts'
import { ok, replies } from './envelope.ts'

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  const packs = app.languagePacks

  const listSchema = {
    summary: "The languages and the packs' version",
    response: replies(
      z.object({
        version: z.string(),
        languages: z.array(z.object({ code: z.enum(languages), name: z.string() })),
      }),
    ),
  }
  app.get('/cache/getLangList', { schema: listSchema }, async () =>
    ok({ version: packs.version, languages: packs.list }),
  )

  app.get(
    '/cache/langPack/:language',
    {
      schema: {
        summary: "A language's compiled message pack",
        params: z.object({ language: z.enum(languages) }),
        response: replies(
          z.object({ version: z.string(), language: z.enum(languages), messages: z.record(z.string(), z.unknown()) }),
        ),
      },
    },
    async (request) =>
      ok({ version: packs.version, language: request.params.language, messages: packs.pack(request.params.language) }),
  )
}
