// The API describes itself: an OpenAPI 3 document generated from the routes' own zod schemas
// (@fastify/swagger with the zod type provider's transform), served at `/api/openapi.json`, and a
// Swagger UI page at `/api/docs` when API_DOCS is on (by default outside production). Registered
// before any route so that every route is seen.
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'

/** Paths that are not API: the built PWA's files and the docs page's own assets. */
const undocumented = (url: string) =>
  !/^\/(api|sandbox|ws|healthz|readyz)(\/|$)/.test(url) || url.startsWith('/api/docs')

const pushSocketDescription =
  'WebSocket upgrade. First message `{ "type": "auth", "token": <access token> }`; then push messages ' +
  '`{ topic, payload }` with the topics of contract/push.ts (balance, deposit, order, invite, jackpot, win …).'

/** The upgrade request's own answers: 101 to switch, 400 when it is not a WebSocket upgrade. */
function socketSchema(operationId: string, summary: string, description: string, tag: string) {
  return {
    hide: false,
    operationId,
    summary,
    description,
    tags: [tag],
    // The token travels in the first message, not in a header.
    security: [],
    response: {
      101: { description: 'Switching to the WebSocket protocol.' },
      400: { description: 'Not a WebSocket upgrade request.' },
    },
  }
}

const operatorSocketDescription =
  'WebSocket upgrade for operators. First message `{ "type": "auth", "opsToken": <OPS_TOKEN> }`; then the ' +
  'operator topics of contract/push.ts (`support`: a conversation changed).'

/**
 * A stable operationId from the path (and the method where one path has several): `/api/user/login`
 * → `userLogin`, `/api/v1/bus/accountInfo` → `accountInfo`, `/api/v1/games/def/{id}` → `gamesDefById`.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .replace(/^\/v1\/(bus\/)?/, '/')
    .split(/[/.]/)
    .filter(Boolean)
    // A path parameter reads as "by" it: `/transparency/snapshots/:file` → transparencySnapshotsByFile.
    .flatMap((part) =>
      part.startsWith(':') || part.startsWith('{') ? ['by', part.replace(/[:{}]/g, '')] : part.split('-'),
    )
  const camel = words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('')
  return method === 'GET' || method === 'POST'
    ? camel
    : `${method.toLowerCase()}${camel.charAt(0).toUpperCase()}${camel.slice(1)}`
}

/** The document's tags, in the order a reader meets them, each with what its operations are for. */
export const TAGS: { name: string; description: string }[] = [
  {
    name: 'Accounts',
    description: "Login, devices, passwords, contacts, identity verification, the account's closure.",
  },
  { name: 'App', description: "The app's settings for this deployment." },
  { name: 'Languages', description: 'The languages and their compiled text packs.' },
  { name: 'Games', description: "The catalog, a game's definition, and opening a game from the lobby." },
  {
    name: 'Game page',
    description: "The game page's calls, with its game-session token: spins, session, reality check.",
  },
  { name: 'Deposits', description: 'PIX deposit orders, their QR codes, and PIX returned to the payer.' },
  { name: 'Withdrawals', description: 'PIX withdrawals: channels, orders, their steps, corrections.' },
  { name: 'Statement', description: "The player's statement, from the ledger." },
  { name: 'Responsible gaming', description: 'Limits, reality checks, self-exclusion, activity, the harm watch.' },
  { name: 'Rewards', description: 'Bonuses, the wheel, invitations, missions.' },
  { name: 'Attribution', description: 'The ad-attribution consent and the legacy conversion records.' },
  { name: 'Push', description: 'Web push subscriptions and the push socket.' },
  { name: 'Support', description: 'Conversations between a player and the operators.' },
  { name: 'Personal data', description: "The player's own data, exported (LGPD)." },
  { name: 'Transparency', description: 'The published daily figures and their chained, time-stamped files.' },
  { name: 'PSP webhooks', description: 'Calls the payment provider makes, signed with the webhook HMAC.' },
  { name: 'Operators', description: "The operator console's calls, by permission." },
  { name: 'Sandbox', description: 'The sandbox bank and register beside a test deployment (not the product).' },
  { name: 'Health', description: 'Liveness and readiness, for load balancers.' },
]

interface OpenApiDocument {
  tags?: { name: string; description?: string }[]
  paths?: Record<string, Record<string, { tags?: string[]; responses?: Record<string, { content?: unknown }> }>>
  [key: string]: unknown
}

/**
 * The whole document's last touches: the top-level tags (every tag an operation uses, described;
 * one not in TAGS still listed, so the test that asks for descriptions names it), and no body
 * on a 101 (switching protocols answers none).
 */
function finishDocument(document: OpenApiDocument): OpenApiDocument {
  const used = new Set<string>()
  for (const methods of Object.values(document.paths ?? {}))
    for (const operation of Object.values(methods)) {
      for (const tag of operation.tags ?? []) used.add(tag)
      if (operation.responses?.[101]) delete operation.responses[101].content
    }
  const described = TAGS.filter((tag) => used.has(tag.name))
  const others = [...used].filter((name) => !TAGS.some((tag) => tag.name === name)).map((name) => ({ name }))
  return { ...document, tags: [...described, ...others] }
}

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
          operatorSession: { type: 'apiKey', in: 'cookie', name: 'jl_ops' },
          // The PSP's webhooks: both headers together (a security requirement naming both).
          pixWebhookTimestamp: {
            type: 'apiKey',
            in: 'header',
            name: 'x-pix-timestamp',
            description: 'Unix seconds when the PSP signed the call; more than 5 minutes away from ours is refused.',
          },
          pixWebhookSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'x-pix-signature',
            description: 'Hex HMAC-SHA256, keyed with PIX_WEBHOOK_SECRET, of `<x-pix-timestamp>.<raw body>`.',
          },
        },
      },
      servers: [{ url: '/', description: 'This deployment' }],
    },
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input) as OpenApiDocument),
    transform: (document) => {
      if (undocumented(document.url)) return { schema: { ...document.schema, hide: true }, url: document.url }
      if (document.url === '/ws') {
        // @fastify/websocket hides its routes; the push socket is part of the contract.
        return { url: '/ws', schema: socketSchema('pushSocket', 'The push socket', pushSocketDescription, 'Push') }
      }
      if (document.url === '/ws/ops') {
        return {
          url: '/ws/ops',
          schema: socketSchema('operatorSocket', "The operators' socket", operatorSocketDescription, 'Operators'),
        }
      }
      const transformed = jsonSchemaTransform(document)
      const method = [document.route.method].flat()[0] ?? 'GET'
      const schema = transformed.schema as Record<string, unknown>
      schema.operationId ??= operationIdFor(method, document.url)
      const legacy = document.route.config?.legacyBody
      if (legacy && schema.body) {
        // Both shapes are accepted: the project's and the older client's (translated on arrival).
        const older = z.toJSONSchema(legacy, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' })
        delete older.$schema
        schema.body = { anyOf: [schema.body, older] }
      }
      return transformed
    },
  })
  if (options.docs) {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  }
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
