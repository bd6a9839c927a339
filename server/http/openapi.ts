// The API describes itself: an OpenAPI 3 document generated from the routes' own zod schemas
// (@fastify/swagger with the zod type provider's transform), served at `/api/openapi.json`, and a
// Swagger UI page at `/api/docs` when API_DOCS is on (by default outside production). Registered
// before any route so that every route is seen.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

/** Paths that are not API: the built PWA's files and the docs page's own assets. */
const undocumented = (url: string) => !/^\/(api|sandbox|ws|healthz)(\/|$)/.test(url) || url.startsWith('/api/docs')

const pushSocketDescription =
  'WebSocket upgrade. First message `{ "type": "auth", "token": <access token> }`; then push messages ' +
  '`{ topic, payload }` with the topics of contract/push.ts (balance, deposit, order, invite, jackpot, win …).'

const operatorSocketDescription =
  'WebSocket upgrade for operators. First message `{ "type": "auth", "opsToken": <OPS_TOKEN> }`; then the ' +
  'operator topics of contract/push.ts (`support`: a conversation changed).'

export async function registerOpenApi(app: FastifyInstance, options: { docs: boolean; version: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jogo Limpo API',
        version: options.version,
        description:
          'Every answer is the envelope { success, msgCode, msg, data, languageVersion }. Player calls send the ' +
          '`access-token` header; game-page calls send `game-session`; operator calls send `x-ops-token`.',
      },
      components: {
        securitySchemes: {
          player: { type: 'apiKey', in: 'header', name: 'access-token' },
          gameSession: { type: 'apiKey', in: 'header', name: 'game-session' },
          operator: { type: 'apiKey', in: 'header', name: 'x-ops-token' },
        },
      },
    },
    transform: (document) => {
      if (undocumented(document.url)) return { schema: { ...document.schema, hide: true }, url: document.url }
      if (document.url === '/ws') {
        // @fastify/websocket hides its routes; the push socket is part of the contract.
        return { url: '/ws', schema: { hide: false, description: pushSocketDescription } }
      }
      if (document.url === '/ws/ops') {
        return { url: '/ws/ops', schema: { hide: false, description: operatorSocketDescription } }
      }
      return jsonSchemaTransform(document)
    },
  })
  if (options.docs) {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  }
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
