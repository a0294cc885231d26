import { z } from "zod";
import { bodyIdSchema, coercedIdSchema, isoDate } from "./common";
import { wordContentSchema } from "./history";

export const addFavoriteRequestSchema = z.object({
  contentId: bodyIdSchema("contentId", "contentId must be a word id"),
});

export const favoriteSchema = z.object({
  contentId: z.number(),
  createdAt: isoDate,
  content: wordContentSchema,
});
export type Favorite = z.infer<typeof favoriteSchema>;
export const favoriteListSchema = z.array(favoriteSchema);

export const favoriteContentParams = z.object({ contentId: coercedIdSchema("contentId") });
