// Our own illustrations, for what the art set has no picture of: the red and blue sevens of a
// classic slot. Drawn in the set's 32×32 box and flat style (two tones, a darker rim, one shine).

function seven(id: string, light: string, dark: string, rim: string): string {
  const shape = 'M6.5 4.5h19.5v4.4L16.6 28H9.8l9-18.2H6.5z'
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>` +
    `<path d="${shape}" fill="${rim}" transform="translate(.9 1.1)"/>` +
    `<path d="${shape}" fill="url(#${id})" stroke="${rim}" stroke-width="1.2" stroke-linejoin="round"/>` +
    '<path d="M8 6h16.4v1.4H8z" fill="#fff" opacity=".55"/>'
  )
}

/** The inner markup of each drawing, by the name the catalog uses after `own:`. */
export const drawings: Record<string, string> = {
  'seven-red': seven('seven-red-fill', '#ff6b5e', '#c81d25', '#7a0c12'),
  'seven-blue': seven('seven-blue-fill', '#5ec8ff', '#1565c0', '#0b3a75'),
}
