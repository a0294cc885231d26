import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { createSession, setSessionCookie } from "../../platform/auth/session";
import { upsertUser } from "../auth/service";

const testLoginSchema = z.object({
  email: z.email(),
  firstName: z.string().max(100).nullable().optional(),
  lastName: z.string().max(100).nullable().optional(),
  profileImageUrl: z.string().max(2000).nullable().optional(),
});

/**
 * Shortcuts for the browser tests, registered only when NODE_ENV=test (see app.ts): signing in without
 * the e-mail round trip. One browser test still walks the real magic-link flow.
 */
export function testingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/api/test/login", { schema: { body: testLoginSchema } }, async (request, reply) => {
      const user = await upsertUser(ctx, request.body);
      setSessionCookie(ctx, reply, await createSession(ctx, user.id));
      return { id: user.id, email: user.email, isAdmin: user.isAdmin };
    });
  };
}
