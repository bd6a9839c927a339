// An audit record's before and after as an operator reads them: each field as "key: value", a
// time in the market's zone (the log keeps milliseconds since 1970), an amount in reais, a game by
// its name (the log keeps its id), yes / no for a flag, nested objects and lists on one line. The
// values are shown as the server stored them — masked where it masked them.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { dateTime, money } from './format.ts'

export interface DetailLine {
  key: string
  value: string
}

/** Keys whose number is an instant (`at`, `until`, `frozenAt`, `sendAfter`…). */
const timeKey = /^(at|until|from|since)$|(At|Until|From|Since|After)$/
/** Keys whose number is an amount in centavos. */
const amountKey = /^amount$|Amount$/
/** Keys whose string is a game's id. */
const gameKey = /^gameId$/

function valueText(i18n: I18n, key: string, value: unknown, gameNames: Record<string, string>): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'boolean') return value ? i18n._(msg`sim`) : i18n._(msg`não`)
  // Milliseconds since 1970 after 2001: an instant, whatever else it could be.
  if (typeof value === 'number' && timeKey.test(key) && value >= 1e12) return dateTime(value)
  if (typeof value === 'number' && amountKey.test(key)) return money(value)
  if (typeof value === 'string' && gameKey.test(key)) return gameNames[value] ?? value
  if (Array.isArray(value))
    return value.length === 0 ? '—' : value.map((item) => valueText(i18n, key, item, gameNames)).join('; ')
  if (typeof value === 'object')
    return detailLines(i18n, value as Record<string, unknown>, gameNames)
      .map((line) => `${line.key}: ${line.value}`)
      .join(', ')
  return String(value)
}

function detailLines(i18n: I18n, record: Record<string, unknown>, gameNames: Record<string, string>): DetailLine[] {
  return Object.entries(record).map(([key, value]) => ({ key, value: valueText(i18n, key, value, gameNames) }))
}

/**
 * A stored before / after (JSON text) as lines; null when there is none (or it is JSON null). A
 * value that is not an object is one line without a key.
 */
export function auditDetails(i18n: I18n, json: string | null, gameNames: Record<string, string>): DetailLine[] | null {
  if (json === null) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return [{ key: '', value: json }]
  }
  // Nothing before (a first setting) or after (a setting removed): no side to show.
  if (parsed === null) return null
  if (typeof parsed === 'object' && !Array.isArray(parsed))
    return detailLines(i18n, parsed as Record<string, unknown>, gameNames)
  return [{ key: '', value: valueText(i18n, '', parsed, gameNames) }]
}
