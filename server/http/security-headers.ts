// The security headers every answer carries (helmet): a strict Content-Security-Policy
// (scripts, styles and connections from this origin only — no page carries inline styles or
// scripts, the sandbox bank's included), and HSTS only when the app is published over HTTPS.
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'

export interface SecurityHeaderOptions {
  /** The address the app is published at (PUBLIC_URL): its scheme decides HSTS and ws/wss. */
  publicUrl: string
}

/**
 * The page's own WebSocket origin. CSP `'self'` covers ws:/wss: to the same host in current
 * browsers (CSP3) but not in older Safari, so the push socket's origin is also named.
 */
export function socketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl)
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`
}

export function securityHeaders(options: SecurityHeaderOptions): HelmetOptions {
  const https = new URL(options.publicUrl).protocol === 'https:'
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'connect-src': ["'self'", socketOrigin(options.publicUrl)],
        'font-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'object-src': ["'none'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        // React's `style` props go through the CSSOM, which CSP does not govern; markup
        // `style="…"` attributes are refused.
        'style-src-attr': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // Only when published over HTTPS: a local or LAN install over plain HTTP must stay reachable.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  }
}

/**
 * Sets the headers on every answer with one helmet middleware built at start-up (@fastify/helmet
 * builds a new one, its CSP string included, on every request).
 */
const securityHeadersPlugin: FastifyPluginAsync<SecurityHeaderOptions> = async (app, options) => {
  const setHeaders = helmet(securityHeaders(options))
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined))
  })
}

export const securityHeadersOnce = fp(securityHeadersPlugin, { name: 'security-headers' })
