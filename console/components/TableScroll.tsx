// A wide table that scrolls sideways inside its panel on a phone instead of widening the page;
// a named, focusable region so the keyboard can scroll it too.
import type { ReactNode } from 'react'

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}
