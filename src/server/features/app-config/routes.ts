import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appConfigSchema } from "@shared/api/app-config";
import type { AppContext } from "@server/context";

/** Public, cacheable settings for the client (the support address of the 'Need help?' links). */
export function appConfigRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/app-config",
      { schema: { response: { 200: appConfigSchema } } },
      async (_request, reply) => {
        reply.header("Cache-Control", "public, max-age=300");
        const issuer = ctx.config.oidc?.issuerUrl;
        return {
          supportEmail: ctx.config.supportEmail,
          signInProvider: issuer ? new URL(issuer).host : null,
        };
      },
    );
  };
}
