// The benches' quantile: the value at rank ⌊q·n⌋ of the sorted sample (the nearest rank at or
// above q), 0 for an empty sample.
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
}
