// The console's view of the transparency chain's self-check: the breaks it found (a day whose
// hash, link or time-stamp token no longer holds), and an admin's acknowledgement of them, after
// which days are frozen again. Zod schemas, so the OpenAPI document describes them.
import { z } from 'zod'

const instant = z.number().int().meta({ description: 'Epoch milliseconds.' })

export const chainBreak = z.object({
  id: z.number().int(),
  detectedAt: instant,
  day: z.string(),
  problem: z.string().meta({ description: 'link | hash | order | seen | anchor | unanchored' }),
  acknowledgedAt: instant.nullable(),
  acknowledgedBy: z.string().nullable(),
})

export const chainBreaks = z.object({
  /** Breaks not yet acknowledged: while above 0, no new day is published. */
  open: z.number().int(),
  breaks: z.array(chainBreak),
})
export type ChainBreaks = z.infer<typeof chainBreaks>
