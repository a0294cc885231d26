import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { createSession, setSessionCookie } from "../../platform/auth/session";
import { upsertUser } from "../auth/service";
import { requireUser } from "../../platform/auth/session";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/raw";
import { runSchedulerOnce } from "../delivery/scheduler";

const runDeliveriesSchema = z.object({
  /** The instant the engine runs at; by default the caller's earliest next delivery (or now, if that is past). */
  at: z.iso.datetime({ offset: true }).optional(),
});

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

    // Time travel for one user: runs the real delivery engine as if the clock read `at`, for the caller's
    // subscriptions only, so parallel tests sharing this server never see each other's deliveries.
    app.post("/api/test/deliveries/run", { schema: { body: runDeliveriesSchema } }, async (request) => {
      const user = await requireUser(ctx, request);
      const at = request.body.at ? new Date(request.body.at) : await earliestNextDelivery(ctx, user.id);
      const now = ctx.clock.now();
      const runAt = at > now ? at : now;
      const run = await runSchedulerOnce({ ...ctx, clock: { now: () => runAt } }, { onlyUserId: user.id });
      return { ...run, at: runAt.toISOString() };
    });
  };
}

async function earliestNextDelivery(ctx: AppContext, userId: string): Promise<Date> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    ctx.db,
    sql`select min(next_delivery_at) as at from subscriptions where user_id = ${userId} and active`,
  );
  return row?.at ? new Date(row.at) : ctx.clock.now();
}
