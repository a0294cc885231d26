import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema } from "../../../shared/api/common";
import { preferencesSchema, themePreferenceSchema } from "../../../shared/api/preferences";
import type { AppContext } from "../../context";
import { requireUser } from "../../platform/auth/session";
import { preferencesOf, saveTheme } from "./service";

export function preferencesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/preferences",
      { schema: { response: { 200: preferencesSchema, 401: errorBodySchema } } },
      async (request) => preferencesOf(await requireUser(ctx, request)),
    );

    app.put(
      "/api/preferences",
      { schema: { body: themePreferenceSchema, response: { 200: themePreferenceSchema } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        await saveTheme(ctx, user.id, request.body.theme);
        return { theme: request.body.theme };
      },
    );
  };
}
