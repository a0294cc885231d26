import { z } from "zod";

/**
 * The library's sources and the notices their licences ask for (content/CREDITS.json, kept by the library's
 * build), as GET /api/credits serves them to the About page; the e-mail footer uses `emailFooter`.
 */
export const creditSourceSchema = z.object({
  id: z.string(),
  credit: z.string(),
  url: z.string().optional(),
  usedFor: z.string(),
  licence: z.string(),
  /** The text a licence asks copies to carry (WordNet, CMUdict); shown verbatim. */
  notice: z.string().optional(),
  noticeRequired: z.boolean().optional(),
});

export const creditsSchema = z.object({
  emailFooter: z.string(),
  project: z.object({ name: z.string(), licence: z.string(), notice: z.string() }).optional(),
  sources: z.array(creditSourceSchema),
});
export type Credits = z.infer<typeof creditsSchema>;
