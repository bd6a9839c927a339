// The security headers every answer carries (helmet): a strict Content-Security-Policy
// (scripts, styles and connections from this origin only — no page carries inline styles or
// scripts, the sandbox bank's included), and HSTS only when the app is published over HTTPS.
// An API answer (`/api/…`: JSON, a CSV, a QR code's SVG) is no page: it carries the headers that
// protect a resource and a policy that allows it nothing, not the page's.
import type { IncomingMessage, ServerResponse } from 'node:http'
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
 * What helmet does to an answer, recorded once: the options are fixed at start-up (no nonce, no
 * per-request directive), so every answer gets the same headers, and setting them from a list
 * spares each request helmet's chain of a dozen middlewares (@fastify/helmet even builds a new
 * one, its CSP string included, on every request).
 */
export function recordedSecurityHeaders(options: SecurityHeaderOptions): { set: [string, string][]; remove: string[] } {
  const set = new Map<string, string>()
  const remove: string[] = []
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.set(name, String(value)),
    removeHeader: (name: string) => {
      set.delete(name)
      remove.push(name)
    },
  }
  let failed: unknown
  helmet(securityHeaders(options))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failed = error
  })
  if (failed) throw failed
  return { set: [...set], remove }
}

/**
 * Headers that govern a document (or a worker) and mean nothing on a resource it loads or
 * fetches: a hashed script or stylesheet and an API answer go without them. On a script or
 * stylesheet they were ~600 of the ~950 header bytes each of the first visit's 17 files carried;
 * on an API answer, more than half its headers, on every spin. Kept everywhere:
 * X-Content-Type-Options (no sniffing), Cross-Origin-Resource-Policy (no other site embeds it),
 * Referrer-Policy and HSTS.
 */
export const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]

/**
 * An API answer's policy: nothing may load or run in it should it be opened on its own, and no
 * other site may frame it (the page's own `frame-ancestors`).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'self'"

/** The page's headers without the document-only ones, and the API's own policy. */
function apiSecurityHeaders(page: [string, string][]): [string, string][] {
  const kept = page.filter(([name]) => !documentOnlyHeaders.includes(name.toLowerCase()))
  return [...kept, ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY]]
}

const securityHeadersPlugin: FastifyPluginAsync<SecurityHeaderOptions> = async (app, options) => {
  const { set, remove } = recordedSecurityHeaders(options)
  const api = apiSecurityHeaders(set)
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of request.url.startsWith('/api/') ? api : set) reply.raw.setHeader(name, value)
    for (const name of remove) reply.raw.removeHeader(name)
    done()
  })
}

export const securityHeadersOnce = fp(securityHeadersPlugin, { name: 'security-headers' })
