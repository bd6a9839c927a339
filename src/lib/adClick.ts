// The ad click this visit came from: Meta's click id (`fbclid` → `fbc`), its browser id
// cookie (`_fbp`, if a page set one), the landing URL and the browser, plus the marketing channel
// (zn/zt/mt/tr). Kept in memory only — never in IndexedDB — and sent to the server only with the
// player's consent to attribution (the consent prompt does that); without it, it is forgotten.
import type { AdClick } from '../../contract/attribution.ts'
import { readEntryParams } from './entry.ts'

export interface VisitAdClick extends AdClick {
  registChannel?: string
}

let current: VisitAdClick | null = null

/** Reads the click from the landing URL once per visit (the first call wins). */
export function captureAdClick(href: string, cookies: string, userAgent: string, now = Date.now()): void {
  if (current) return
  const url = new URL(href)
  const fbclid = url.searchParams.get('fbclid')?.trim()
  const fbp = /(?:^|;\s*)_fbp=([^;]+)/.exec(cookies)?.[1]
  const { channel } = readEntryParams(url.search)
  if (!fbclid && !fbp && !channel) return
  current = {
    // Meta's documented fbc format: version.subdomainIndex.creationTime.fbclid
    ...(fbclid ? { fbc: `fb.1.${now}.${fbclid.slice(0, 400)}` } : {}),
    ...(fbp ? { fbp: decodeURIComponent(fbp).slice(0, 500) } : {}),
    fbEventUrl: href.slice(0, 2000),
    fbClientUserAgent: userAgent.slice(0, 1000),
    ...(channel ? { registChannel: channel } : {}),
  }
}

/** The click of this visit, if it came from an ad or a marketing channel. */
export function visitAdClick(): VisitAdClick | null {
  return current
}

/** Forgets the click (after the player said no, or in tests). */
export function forgetAdClick(): void {
  current = null
}
