import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema, messageSchema } from "@shared/api/common";
import {
  emailUpdateResponseSchema,
  preferencesSchema,
  themePreferenceSchema,
  updatePreferencesRequestSchema,
  updateSubscriptionEmailsRequestSchema,
} from "@shared/api/preferences";
import type { AppContext } from "@server/context";
import { personalParametersOf } from "@server/features/learning/service";
import { requireUser } from "@server/platform/auth/session";
import {
  disableAllEmail,
  preferencesOf,
  saveTheme,
  setSubscriptionEmails,
  updatePreferences,
} from "./service";

const plural = (count: number) => `${count} subscription${count === 1 ? "" : "s"}`;

export function preferencesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/preferences",
      { schema: { response: { 200: preferencesSchema, 401: errorBodySchema } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        return {
          ...preferencesOf(user, ctx.clock.now()),
          personalParameters: personalParametersOf(user),
        };
      },
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

    app.patch(
      "/api/user/preferences",
      { schema: { body: updatePreferencesRequestSchema, response: { 200: messageSchema } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        await updatePreferences(ctx, user.id, request.body);
        return { message: "Preferences updated successfully" };
      },
    );

    app.post(
      "/api/user/disable-email",
      { schema: { response: { 200: emailUpdateResponseSchema } } },
      async (request) => {
        const user = await requireUser(ctx, request);
        const result = await disableAllEmail(ctx, user.id);
        return { ...result, message: "All subscriptions have been switched to in-app delivery only." };
      },
    );

    app.post(
      "/api/user/update-subscription-emails",
      {
        schema: { body: updateSubscriptionEmailsRequestSchema, response: { 200: emailUpdateResponseSchema } },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        const { subscriptionIds, enableEmail } = request.body;
        const result = await setSubscriptionEmails(ctx, user.id, subscriptionIds, enableEmail);
        const message = enableEmail
          ? `Email notifications enabled for ${plural(result.updated)}`
          : `Email notifications disabled for ${plural(result.updated)}`;
        return { ...result, message };
      },
    );
  };
}
