// The daily files' operator replies as zod schemas (the OpenAPI document describes them, and every
// test app checks each reply against them); each satisfies its type in regulatory-files.ts.
import { z } from 'zod'
import {
  type RegulatoryDay,
  type RegulatoryDayFiles,
  type RegulatoryDayPage,
  type RegulatoryFile,
  regulatoryDatasets,
  regulatoryFileStatuses,
} from './regulatory-files.ts'

const int = z.number().int()
const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })

export const regulatoryDay = z.object({
  day: z.string(),
  dueAt: instant,
  finishedAt: instant.nullable(),
  files: int,
  records: int,
  statuses: z.partialRecord(z.enum(regulatoryFileStatuses), int),
  late: z.boolean(),
}) satisfies z.ZodType<RegulatoryDay>

export const regulatoryDayPage = z.object({
  total: int,
  items: z.array(regulatoryDay),
}) satisfies z.ZodType<RegulatoryDayPage>

export const regulatoryFile = z.object({
  id: z.string(),
  day: z.string(),
  dataset: z.enum(regulatoryDatasets),
  seq: int,
  name: z.string(),
  records: int,
  sha256: z.string(),
  status: z.enum(regulatoryFileStatuses),
  reasons: z.array(z.string()),
  protocol: z.string().nullable(),
  attempts: int,
  createdAt: instant,
  sentAt: instant.nullable(),
  answeredAt: instant.nullable(),
}) satisfies z.ZodType<RegulatoryFile>

export const regulatoryDayFiles = z.object({
  day: z.string(),
  items: z.array(regulatoryFile),
}) satisfies z.ZodType<RegulatoryDayFiles>
