// The one CSV writer of every export a person opens in a spreadsheet (the player's statement,
// the operators' audit log): csv-stringify, quoting what needs quoting, with formula escaping —
// a text cell starting with = + - @ or a tab/CR gets a leading ' so a spreadsheet shows it as
// text instead of running it (CSV injection: a reference or a name is chosen by a player).
// Numbers are cells of their own kind: a negative amount stays a number.
import { stringify } from 'csv-stringify/sync'

export type CsvCell = string | number | null

export interface CsvFormat {
  /** `,` by default; a locale whose decimal mark is a comma uses `;`. */
  delimiter?: string
  /** How numbers are written (e.g. two decimals, a decimal comma); `String` by default. */
  formatNumber?: (value: number) => string
  /** `\r\n` (RFC 4180) by default. */
  recordDelimiter?: '\n' | '\r\n'
}

/** Rows as CSV text, each ending with the record delimiter. */
export function csvRows(rows: readonly (readonly CsvCell[])[], format: CsvFormat = {}): string {
  if (rows.length === 0) return ''
  return stringify(
    rows.map((row) => row.map((cell) => cell ?? '')),
    {
      delimiter: format.delimiter ?? ',',
      record_delimiter: format.recordDelimiter === '\n' ? 'unix' : 'windows',
      escape_formulas: true,
      cast: { number: format.formatNumber ?? String },
    },
  )
}
