// The bottom sheet every dialog of the app uses: a dimmed backdrop and a modal panel labelled by
// its title. The panel's content (form, buttons, close link) is the caller's.
// Whatever the phone: the panel never grows past the visible viewport (the part the on-screen
// keyboard leaves too); its title stays on top and the content scrolls under it. When it opens its
// first field is focused (else the panel itself, so a screen reader starts at the title); a
// refused submit focuses the first invalid field, or brings the refusal into view.
import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react'
import './sheet.css'

const FIRST_FIELD =
  'input:not([disabled]):not([readonly]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]):not([readonly])'
const FIRST_PROBLEM = '[aria-invalid="true"], .field-error, [role="alert"]'

/** Brings the element into the sheet's visible part (no smooth scroll: the keyboard may be moving). */
function reveal(element: Element) {
  element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' })
}

/**
 * Sizes the backdrop to the visual viewport (what is on screen above the keyboard), through CSS
 * variables the stylesheet falls back from to 100dvh; keeps the focused field in view as it changes.
 */
function useVisualViewport(backdrop: React.RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const view = window.visualViewport
    const element = backdrop.current
    if (!view || !element) return
    const place = () => {
      element.style.setProperty('--sheet-top', `${view.offsetTop}px`)
      element.style.setProperty('--sheet-height', `${view.height}px`)
    }
    // The keyboard opening or closing resizes it: the field being typed in stays in sight.
    const resize = () => {
      place()
      const focused = document.activeElement
      if (focused && element.contains(focused)) reveal(focused.closest('.field') ?? focused)
    }
    place()
    view.addEventListener('resize', resize)
    view.addEventListener('scroll', place)
    return () => {
      view.removeEventListener('resize', resize)
      view.removeEventListener('scroll', place)
    }
  }, [backdrop])
}

export function Sheet({
  title,
  className,
  testId,
  children,
}: {
  title: ReactNode
  /** Extra class for the panel (e.g. `pix-sheet`). */
  className?: string
  testId?: string
  children: ReactNode
}) {
  const titleId = useId()
  const backdrop = useRef<HTMLDivElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  // Set by a submit; cleared once its first problem was shown (at once, or when the server
  // answers), or when the player types or taps again.
  const submitted = useRef(false)
  useVisualViewport(backdrop)

  useEffect(() => {
    const root = panel.current
    if (!root) return
    const field = root.querySelector<HTMLElement>(FIRST_FIELD)
    const target = field ?? root
    target.focus({ preventScroll: true })
    reveal(field?.closest('.field') ?? field ?? root)
  }, [])

  // After every render of the content: a submit that left a problem brings it into view.
  useLayoutEffect(() => {
    const root = panel.current
    if (!submitted.current || !root) return
    const problem = root.querySelector<HTMLElement>(FIRST_PROBLEM)
    if (!problem) return
    submitted.current = false
    const field = problem.matches('input, select, textarea') ? problem : null
    if (field) field.focus({ preventScroll: true })
    reveal(problem.closest('.field') ?? problem)
  })

  return (
    <div className="sheet-backdrop" ref={backdrop}>
      <div
        ref={panel}
        className={className ? `sheet ${className}` : 'sheet'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        tabIndex={-1}
        onSubmitCapture={() => {
          submitted.current = true
        }}
        // Typing or tapping after a submit: the player has moved on, so a later error (a field
        // checked on blur) does not pull them back.
        onInputCapture={() => {
          submitted.current = false
        }}
        onPointerDownCapture={() => {
          submitted.current = false
        }}
      >
        <h2 id={titleId}>{title}</h2>
        <div className="sheet-body">{children}</div>
      </div>
    </div>
  )
}
