import { z } from 'zod'

/** A record from graded picks (pick-rules.ts `computeRecord`). */
export const PickRecordSchema = z.object({
  wins: z.number().int(),
  losses: z.number().int(),
  pushes: z.number().int(),
  voids: z.number().int(),
  pending: z.number().int(),
  net_units: z.number(),
  units_risked: z.number(),
  roi_pct: z.number().nullable(),
  win_pct: z.number().nullable(),
  streak: z.string().nullable(),
  last_10: z.array(z.string()),
})

/** A creator's record overall and by sport. */
export const CreatorRecord = PickRecordSchema.extend({
  by_sport: z.record(z.string(), PickRecordSchema),
})
export type CreatorRecord = z.infer<typeof CreatorRecord>
