// The player's Web Push calls: the VAPID public key to subscribe with, keeping a browser's
// subscription (only at a push service the server sends to), and dropping it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emptyRequest } from '../../contract/rewards.ts'
import {
  type WebPushKey,
  webPushKey,
  webPushSubscribeRequest,
  webPushUnsubscribeRequest,
} from '../../contract/web-push.ts'
import { ok, replies } from '../http/envelope.ts'
import { Refusal } from '../refusal.ts'

export const webPushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webPush } = app.push

  app.post(
    '/push/webPushKey',
    {
      schema: {
        summary: "The server's VAPID public key for Web Push",
        body: emptyRequest,
        response: replies(webPushKey),
      },
    },
    async () => ok<WebPushKey>({ publicKey: webPush.keys.publicKey }),
  )

  app.post(
    '/push/subscribe',
    {
      schema: {
        summary: "Subscribe this browser to the player's Web Push",
        body: webPushSubscribeRequest,
        response: replies(z.null()),
      },
    },
    async (request) => {
      const { endpoint, keys, language } = request.body
      if (!webPush.accepts(endpoint)) throw new Refusal('push_endpoint_refused')
      await webPush.subscribe(request.playerId, { endpoint, keys, language })
      return ok(null)
    },
  )

  app.post(
    '/push/unsubscribe',
    {
      schema: {
        summary: 'Unsubscribe a browser from Web Push',
        body: webPushUnsubscribeRequest,
        response: replies(z.null()),
      },
    },
    async (request) => {
      await webPush.unsubscribe(request.playerId, request.body.endpoint)
      return ok(null)
    },
  )
}
