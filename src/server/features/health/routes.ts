import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "@shared/api/common";
import { healthSchema } from "@shared/api/health";
import type { AppContext } from "@server/context";
import { AppError } from "@server/platform/errors/app-error";

const HEALTH_QUERY_TIMEOUT_MS = 2000;

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/health",
      { schema: { response: { 200: healthSchema, 503: errorBodySchema } } },
      async (request) => {
        try {
          await withTimeout(ctx.ping(), HEALTH_QUERY_TIMEOUT_MS);
        } catch (error) {
          request.log.error({ err: error }, "health check: database did not answer");
          throw new AppError(503, "The database is not answering.", "DATABASE_UNAVAILABLE");
        }
        return { status: "ok" as const, database: ctx.dbKind };
      },
    );
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
