// Each page keeps its own scroll position for the visit: a bottom tab opens where the player
// left it (or at its top the first time), never at the offset of the page before; any other page
// opens at its top when a link leads there, and where it was when back or forward returns to it.
// The browser's own restoration is off: it would apply one page's offset to the next.
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { isTabPath } from './tabs.ts'

/** Each page's last scroll position (by path and query), for this visit only. */
const positions = new Map<string, number>()

/** A page whose content arrives later (a lazy route, data) is waited for this long, at most. */
const RESTORE_WINDOW_MS = 3000

// Registered before the router listens: the route change that follows knows it was back/forward.
let poppedState = false
if (typeof window !== 'undefined') window.addEventListener('popstate', () => (poppedState = true))

/** The position a page opens at: its own last one for a tab or after back/forward, else its top. */
function openingPosition(key: string, path: string, popped: boolean): number {
  return isTabPath(path) || popped ? (positions.get(key) ?? 0) : 0
}

/**
 * Scrolls to `target` now and again as the page grows (a lazy page and its data arrive after the
 * route changes), until it is reached, the player scrolls or taps, or the wait is over.
 * Returns the cleanup.
 */
function scrollWhenTall(target: number): () => void {
  window.scrollTo(0, target)
  if (target === 0 || Math.abs(window.scrollY - target) < 1) return () => {}
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
    for (const type of ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const)
      window.removeEventListener(type, stop)
  }
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, target)
    if (Math.abs(window.scrollY - target) < 1) stop()
  })
  observer.observe(document.body)
  const timer = setTimeout(stop, RESTORE_WINDOW_MS)
  for (const type of ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const)
    window.addEventListener(type, stop, { passive: true })
  return stop
}

/** Keeps and restores each page's scroll position (used once, by the app's layout). */
export function useScrollMemory(): void {
  const [path] = useLocation()
  const search = useSearch()
  const key = search ? `${path}?${search}` : path
  const current = useRef(key)

  useEffect(() => {
    history.scrollRestoration = 'manual'
    const onScroll = () => positions.set(current.current, window.scrollY)
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  // Before paint: the new page never shows at the old page's offset, even for a frame.
  useLayoutEffect(() => {
    current.current = key
    const target = openingPosition(key, path, poppedState)
    poppedState = false
    return scrollWhenTall(target)
  }, [key, path])
}
