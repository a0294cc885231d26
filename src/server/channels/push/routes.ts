import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorBodySchema, parsedInHandler } from "@shared/api/common";
import {
  createPushSubscriptionRequestSchema,
  deletePushSubscriptionRequestSchema,
  pushDeviceSchema,
  pushPublicKeySchema,
} from "@shared/api/push";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { badRequest } from "@server/platform/errors/app-error";
import { pushEndpointRefusal } from "@server/platform/push/endpoint-guard";
import { deletePushSubscription, savePushSubscription } from "./service";

export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Plain http on this machine only under PUSH_TEST_SERVICE=loopback: the tests' in-process push service.
  const subscriptionSchema = createPushSubscriptionRequestSchema({
    allowLoopbackHttp: ctx.config.push.allowLoopbackTestService,
  });

  return async (app) => {
    app.get(
      "/api/push/public-key",
      { schema: { response: { 200: pushPublicKeySchema, 401: errorBodySchema } } },
      async (request) => {
        await requireUser(ctx, request);
        return { publicKey: ctx.config.vapid.publicKey };
      },
    );

    app.post(
      "/api/push/subscriptions",
      {
        schema: {
          body: parsedInHandler(subscriptionSchema),
          response: { 200: pushDeviceSchema, 201: pushDeviceSchema, 401: errorBodySchema },
        },
      },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const subscription = subscriptionSchema.parse(request.body ?? {});
        const refusal = pushEndpointRefusal(subscription.endpoint, ctx.config.push);
        if (refusal) throw badRequest(refusal, "PUSH_ENDPOINT_REFUSED");
        const { device, created } = await savePushSubscription(
          ctx,
          user.id,
          subscription,
          request.headers["user-agent"],
        );
        return reply.status(created ? 201 : 200).send(device);
      },
    );

    app.delete(
      "/api/push/subscriptions",
      { schema: { body: parsedInHandler(deletePushSubscriptionRequestSchema) } },
      async (request, reply) => {
        const user = await requireUser(ctx, request);
        const { endpoint } = deletePushSubscriptionRequestSchema.parse(request.body ?? {});
        await deletePushSubscription(ctx, user.id, endpoint);
        return reply.status(204).send();
      },
    );
  };
}
