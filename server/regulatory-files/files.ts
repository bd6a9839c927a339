// One file's bytes: the header and the records as RFC 8785 canonical JSON (keys sorted, no
// spaces), so the same records always make the same bytes and the same SHA-256.
import { createHash } from 'node:crypto'
import canonicalize from 'canonicalize'
import { bodyField, type Dataset, fileTypes, headerFields, LAYOUT_VERSION } from './layout.ts'

export interface BuiltFile {
  content: string
  sha256: string
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

export function buildFile(
  dataset: Dataset,
  day: string,
  seq: number,
  records: readonly Record<string, string | number | null>[],
): BuiltFile {
  const content = canonicalize({
    [bodyField.header]: {
      [headerFields.layoutVersion]: LAYOUT_VERSION,
      [headerFields.fileType]: fileTypes[dataset],
      [headerFields.day]: day,
      [headerFields.seq]: seq,
      [headerFields.records]: records.length,
    },
    [bodyField.records]: records,
  }) as string
  return { content, sha256: sha256(content) }
}

/** The name the file is sent under. */
export const fileName = (dataset: Dataset, day: string, seq: number) =>
  `${fileTypes[dataset]}_${day.replaceAll('-', '')}_${String(seq).padStart(4, '0')}.json`
