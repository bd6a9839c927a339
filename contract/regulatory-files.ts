// The daily files for the regulator (SIGAP) as the console receives them: the days exported and
// each day's files with their hash, status and the receiver's reasons. No zod here (the console
// imports it); the replies' schemas are in regulatory-files-replies.ts.

export const regulatoryFileStatuses = [
  'generated',
  'sent',
  'structure_accepted',
  'quality_accepted',
  'rejected',
  'resent',
] as const
export type RegulatoryFileStatus = (typeof regulatoryFileStatuses)[number]

export const regulatoryDatasets = ['bets', 'bettors', 'wallets', 'destinations'] as const
export type RegulatoryDataset = (typeof regulatoryDatasets)[number]

export interface RegulatoryDay {
  day: string
  /** 06:00 local of the next day, epoch ms. */
  dueAt: number
  /** When the last file of the day was written; null while the export runs. */
  finishedAt: number | null
  files: number
  records: number
  /** Files per status. */
  statuses: Partial<Record<RegulatoryFileStatus, number>>
  /** Past the due time with a file whose data quality the receiver has not accepted. */
  late: boolean
}

export interface RegulatoryDayPage {
  total: number
  items: RegulatoryDay[]
}

export interface RegulatoryFile {
  id: string
  day: string
  dataset: RegulatoryDataset
  seq: number
  name: string
  records: number
  sha256: string
  status: RegulatoryFileStatus
  reasons: string[]
  protocol: string | null
  attempts: number
  createdAt: number
  sentAt: number | null
  answeredAt: number | null
}

export interface RegulatoryDayFiles {
  day: string
  items: RegulatoryFile[]
}
