import { z } from "zod";
import { isoDate } from "./common";
import { wordContentSchema } from "./history";

export const addFavoriteRequestSchema = z.object({
  contentId: z.number({ error: "contentId must be a word id" }).int().positive().max(2_147_483_647),
});
export type AddFavoriteRequest = z.infer<typeof addFavoriteRequestSchema>;

export const favoriteSchema = z.object({
  contentId: z.number(),
  createdAt: isoDate,
  content: wordContentSchema,
});
export type Favorite = z.infer<typeof favoriteSchema>;
export const favoriteListSchema = z.array(favoriteSchema);

export const favoriteContentParams = z.object({
  contentId: z.coerce.number().int().positive().max(2_147_483_647),
});
