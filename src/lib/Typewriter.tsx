// The legacy client's typewriter effect: a text appears letter by letter (80 ms a letter; 40 ms in tips).
// Screen readers get the whole text at once; with reduced motion it shows at once.
import { useEffect, useState } from 'react'

/** Read by screen readers only; takes no room. */
const readOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const

export function Typewriter({ text, ms = 80 }: { text: string; ms?: number }) {
  const [shown, setShown] = useState(() =>
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? text.length : 0,
  )
  useEffect(() => {
    if (shown >= text.length) return
    const timer = setTimeout(() => setShown((n) => n + 1), ms)
    return () => clearTimeout(timer)
  }, [shown, text, ms])
  return (
    <span data-typed={shown >= text.length}>
      <span style={readOnly}>{text}</span>
      <span aria-hidden="true">{text.slice(0, shown)}</span>
    </span>
  )
}
