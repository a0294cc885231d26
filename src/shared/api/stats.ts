import { z } from "zod";

/** The dashboard tiles; docs/delivery.md defines each figure. */
export const statsSchema = z.object({
  activeSubscriptions: z.number(),
  wordsLearned: z.number(),
  thisWeek: z.number(),
  /** A whole percentage, 0 to 100. */
  completionRate: z.number(),
  membershipDays: z.number(),
  /** Deliveries that ever reached the user (our addition): with none, the rate has nothing to measure. */
  wordsDelivered: z.number(),
  /** Scheduled reviews Completion Rate measures (our addition): with none, the rate has nothing to measure yet. */
  reviewsMeasured: z.number(),
});
export type Stats = z.infer<typeof statsSchema>;
