// The optional HTTPS listener for the PSP's webhooks with mTLS (PIX_WEBHOOK_MTLS_PORT): only a
// client certificate issued by PIX_WEBHOOK_CA_FILE gets a TLS connection, and only
// `POST /api/payments/webhook/{pix,payout}` is served, handed to the app in-process with a mark
// made per process. When the listener is configured the webhook routes require that mark, so the
// app's plain port cannot be used to skip the certificate; the HMAC signature is still checked.
// (Behind a proxy that terminates the PSP's mTLS itself, leave it unset: README "Connecting a
// real PSP".)
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'

export const MTLS_MARK_HEADER = 'x-jogo-limpo-webhook-mtls'
const mark = randomBytes(32).toString('hex')

/** Whether a webhook request came through the mTLS listener (a verified PSP certificate). */
export function cameThroughMtls(value: string | string[] | undefined): boolean {
  const given = Buffer.from(typeof value === 'string' ? value : '')
  const expected = Buffer.from(mark)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export interface WebhookMtlsListener {
  port: number
  /** Hands requests to the app from now on (until then they are answered 503). */
  attach(app: FastifyInstance): void
  close(): Promise<void>
}

const WEBHOOK_PATH = /^\/api\/payments\/webhook\/(pix|payout)$/
const BODY_LIMIT = 256 * 1024

export async function startWebhookMtlsListener(options: {
  port: number
  host?: string
  /** PEM: the CA whose client certificates are accepted (the PSP's). */
  ca: string
  /** PEM: this listener's own server certificate and key. */
  cert: string
  key: string
}): Promise<WebhookMtlsListener> {
  let app: FastifyInstance | null = null
  const server = createServer(
    { key: options.key, cert: options.cert, ca: options.ca, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const path = (request.url ?? '').split('?')[0] ?? ''
      if (request.method !== 'POST' || !WEBHOOK_PATH.test(path)) {
        response.writeHead(404).end()
        return
      }
      const target = app
      if (!target) {
        response.writeHead(503).end()
        return
      }
      const chunks: Buffer[] = []
      let size = 0
      request.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > BODY_LIMIT) {
          response.writeHead(413).end()
          request.destroy()
          return
        }
        chunks.push(chunk)
      })
      request.on('end', () => {
        if (response.writableEnded) return
        target
          .inject({
            method: 'POST',
            url: path,
            headers: { ...request.headers, [MTLS_MARK_HEADER]: mark },
            payload: Buffer.concat(chunks),
            remoteAddress: request.socket.remoteAddress ?? '127.0.0.1',
          })
          .then((answer) => {
            response
              .writeHead(answer.statusCode, { 'content-type': String(answer.headers['content-type'] ?? 'text/plain') })
              .end(answer.body)
          })
          .catch(() => response.writeHead(500).end())
      })
    },
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    attach: (target) => {
      app = target
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
