// The server's time, ticking: clocks on the worklist and the support inbox count from the server's
// clock (its `now` in a reply), not this browser's, which may be minutes off.
import { useEffect, useRef, useState } from 'react'

/** Now on the server's clock, re-rendering every `tickMs`; `serverNow` is the latest reply's `now`. */
export function useServerNow(serverNow: number | undefined, tickMs = 1000): number {
  const offset = useRef(0)
  const [, tick] = useState(0)
  useEffect(() => {
    if (serverNow !== undefined) offset.current = serverNow - Date.now()
  }, [serverNow])
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), tickMs)
    return () => clearInterval(timer)
  }, [tickMs])
  return Date.now() + offset.current
}
