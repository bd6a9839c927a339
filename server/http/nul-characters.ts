// Finds U+0000 anywhere in parsed input (strings and object keys, at any depth). PostgreSQL text
// cannot hold it and no field needs it, so the API refuses such input as malformed up front.

export function hasNulCharacter(input: unknown): boolean {
  const pending: unknown[] = [input]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true
        pending.push(inner)
      }
    }
  }
  return false
}
