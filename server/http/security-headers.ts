// The security headers every answer carries (@fastify/helmet): a strict Content-Security-Policy
// (scripts, styles and connections from this origin only; the few inline stylesheets the server
// renders itself allowed by hash), and HSTS only when the app is published over HTTPS.
import { createHash } from 'node:crypto'
import type { FastifyHelmetOptions } from '@fastify/helmet'

export interface SecurityHeaderOptions {
  /** The address the app is published at (PUBLIC_URL): its scheme decides HSTS and ws/wss. */
  publicUrl: string
  /** Inline `<style>` sheets of server-rendered pages, allowed by their SHA-256. */
  inlineStyles: string[]
}

/** The CSP source expression that allows exactly this inline stylesheet. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`
}

/** The contents of every `<style>` element of an HTML page, as the browser hashes them. */
export function inlineStylesOf(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] as string)
}

/**
 * The page's own WebSocket origin. CSP `'self'` covers ws:/wss: to the same host in current
 * browsers (CSP3) but not in older Safari, so the push socket's origin is also named.
 */
export function socketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl)
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`
}

export function securityHeaders(options: SecurityHeaderOptions): FastifyHelmetOptions {
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
        'style-src': ["'self'", ...new Set(options.inlineStyles.map(styleHash))],
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
