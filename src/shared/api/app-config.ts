import { z } from "zod";

/** GET /api/app-config: the public settings the client needs before anyone signs in. */
export const appConfigSchema = z.object({
  supportEmail: z.string(),
  /** The OpenID Connect provider's name (its issuer's host) when one is configured, else null (e-mail sign-in). */
  signInProvider: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
