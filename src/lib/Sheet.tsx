// The bottom sheet every dialog of the app uses: a dimmed backdrop and a modal panel labelled by
// its title. The panel's content (form, buttons, close link) is the caller's.
import { type ReactNode, useId } from 'react'
import './sheet.css'

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
  return (
    <div className="sheet-backdrop">
      <div
        className={className ? `sheet ${className}` : 'sheet'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  )
}
