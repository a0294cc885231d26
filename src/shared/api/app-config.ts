import { z } from "zod";

/** GET /api/app-config: the public settings the client needs before anyone signs in. */
export const appConfigSchema = z.object({
  supportEmail: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
