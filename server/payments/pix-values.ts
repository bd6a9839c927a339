// Money as API Pix writes it: a decimal string with two places ("150.00"), converted exactly to
// and from integer centavos (no floating point on the way).

export function toPixValue(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError(`invalid amount: ${centavos}`)
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`
}

/** Centavos for a "150.00" string, or null when it is not one. */
export function fromPixValue(text: string): number | null {
  const match = /^(\d{1,12})\.(\d{2})$/.exec(text)
  if (!match) return null
  return Number(match[1]) * 100 + Number(match[2])
}
