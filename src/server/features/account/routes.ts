import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deleteAccountRequestSchema } from "@shared/api/account";
import { messageSchema } from "@shared/api/common";
import { SESSION_COOKIE } from "@shared/constants";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { deleteAccount } from "./delete-account";
import { buildAccountExport } from "./export";

/**
 * Building a ZIP of a long history costs some work: a few downloads a minute are plenty for a person. Counted per
 * session (else per IP), so people behind one office or school address do not share the allowance.
 */
const EXPORTS_PER_MINUTE = {
  max: 5,
  timeWindow: "1 minute",
  keyGenerator: (request: FastifyRequest) => request.cookies[SESSION_COOKIE] ?? request.ip,
};

export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/api/user/export", { config: { rateLimit: EXPORTS_PER_MINUTE } }, async (request, reply) => {
      const user = await requireUser(ctx, request);
      const { fileName, zip } = await buildAccountExport(ctx, user);
      return reply
        .header("Content-Type", "application/zip")
        .header("Content-Disposition", `attachment; filename="${fileName}"`)
        .header("Cache-Control", "no-store")
        .send(Buffer.from(zip));
    });

    app.post(
      "/api/user/delete-account",
      { schema: { body: deleteAccountRequestSchema, response: { 200: messageSchema } } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        await deleteAccount(ctx, user);
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
        return { message: "Your account and all its data have been deleted." };
      },
    );
  };
}
