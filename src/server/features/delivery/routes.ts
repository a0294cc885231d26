import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  gradeLinkAnswerRequestSchema,
  type GradeLinkAnswer,
  type GradeLinkChannel,
} from "@shared/api/learning";
import {
  EMAIL_OPENED_PARAM,
  HISTORY_DATE_PARAM,
  HISTORY_ENTRY_PARAM,
  emailOpenedRequestSchema,
} from "@shared/api/history";
import type { AppContext } from "@server/context";
import { requireUser } from "@server/platform/auth/session";
import { ANSWER_LINK_LIFETIME_MS, ANSWER_LINK_POSTS_PER_IP } from "@shared/constants";
import { AppError, badRequest } from "@server/platform/errors/app-error";
import { answerDelivery, findDeliveryCard } from "@server/features/learning/service";
import { expiredGradeLinkPage, gradeConfirmPage, gradedPage, invalidGradeLinkPage } from "./grade-page";
import {
  invalidSaveLinkPage,
  saveConfirmPage,
  savedPage,
  saveFromEmail,
  deliveryOfSaveLink,
} from "./save-from-email";
import { openLinkLanding, recordEmailOpened } from "./service";
import { GRADE_LINK_CHOICES, gradeToken, verifyGradeToken, type GradeLinkChoice } from "./signed-links";

export function deliveryLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The e-mail's "Open in Jargon" button. Mail scanners follow links before people do, so the GET only
    // lands on History, on the word's day with the word shown; the signed-in app then records the open by POST
    // (its user, its own delivery).
    app.get(
      "/api/open",
      { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
      async (request, reply) => {
        const token = request.query.token;
        const params = new URLSearchParams();
        const landing = token ? await openLinkLanding(ctx, token) : null;
        if (landing) {
          params.set(HISTORY_DATE_PARAM, landing.date);
          params.set(HISTORY_ENTRY_PARAM, String(landing.entryId));
        }
        if (token) params.set(EMAIL_OPENED_PARAM, token);
        const target = params.size > 0 ? `/history?${params.toString()}` : "/history";
        return reply.header("Cache-Control", "no-store").redirect(target);
      },
    );

    app.post("/api/open", { schema: { body: emailOpenedRequestSchema } }, async (request, reply) => {
      const user = await requireUser(ctx, request);
      await recordEmailOpened(ctx, user.id, request.body.token);
      return reply.status(204).send();
    });

    await app.register(gradeLinkRoutes(ctx));
    await app.register(saveLinkRoutes(ctx));
  };
}

const gradeQuery = z.object({ token: z.string().max(200).optional() });

/**
 * The word e-mail's answers ("Knew it", "Didn't know", "I already know this"). No sign-in: the signed token is the
 * authority. Mail scanners open links, so the GET only shows the answer chosen; the page's POST records it, once
 * per delivery (a second POST shows the same result). Both answer HTML, whatever the input, except a POST that asks
 * for JSON: a push notification's "Knew it" / "Didn't know" buttons post the same signed links from the service
 * worker, with `channel: "push"`.
 */
function gradeLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/api/grade", { schema: { querystring: gradeQuery } }, async (request, reply) => {
      reply.header("Cache-Control", "no-store").type("text/html");
      const verified = verifyGradeToken(ctx.config, request.query.token ?? "");
      const found = verified && (await findDeliveryCard(ctx, verified.deliveryLinkId));
      if (!verified || !found) return reply.status(400).send(invalidGradeLinkPage());
      if (isAnswerLinkExpired(found.deliveredAt)) return reply.status(410).send(expiredGradeLinkPage());
      const tokens = Object.fromEntries(
        GRADE_LINK_CHOICES.map((choice) => [choice, gradeToken(ctx.config, verified.deliveryLinkId, choice)]),
      ) as Record<GradeLinkChoice, string>;
      return reply.send(gradeConfirmPage(found.word, found.kind, verified.choice, tokens));
    });

    app.post(
      "/api/grade",
      // The page's form (urlencoded) or a script's JSON; read in the handler so every answer is a page, or JSON for
      // a caller that asks for it (a push notification's answer button).
      {
        config: { rateLimit: ANSWER_LINK_POSTS_PER_IP },
        schema: { querystring: gradeQuery, body: z.record(z.string(), z.unknown()).nullish() },
      },
      async (request, reply) => {
        reply.header("Cache-Control", "no-store");
        if (wantsJson(request.headers.accept)) {
          const body = gradeLinkAnswerRequestSchema.safeParse(request.body);
          if (!body.success)
            throw badRequest(body.error.issues[0]?.message ?? "Invalid answer", "INVALID_BODY");
          const token = body.data?.token ?? request.query.token ?? "";
          const answered = await answerGradeToken(token, body.data?.channel ?? "email");
          if (answered === "expired")
            throw new AppError(410, EXPIRED_GRADE_LINK_MESSAGE, "GRADE_LINK_EXPIRED");
          if (!answered) throw badRequest(INVALID_GRADE_LINK_MESSAGE, "INVALID_GRADE_LINK");
          return reply.send({
            word: answered.word,
            definition: answered.definition,
            due: answered.due?.toISOString() ?? null,
            comesBack: answered.comesBack,
            dueToday: answered.dueCount,
          } satisfies GradeLinkAnswer);
        }
        reply.type("text/html");
        const bodyToken = request.body?.token;
        const token = typeof bodyToken === "string" ? bodyToken : (request.query.token ?? "");
        const answered = await answerGradeToken(token, "email");
        if (answered === "expired") return reply.status(410).send(expiredGradeLinkPage());
        if (!answered) return reply.status(400).send(invalidGradeLinkPage());
        return reply.send(gradedPage(answered));
      },
    );
  };

  /**
   * The answer a token names, recorded for its delivery; null for a token we did not sign or a delivery gone,
   * "expired" past ANSWER_LINK_LIFETIME_MS.
   */
  async function answerGradeToken(token: string, channel: GradeLinkChannel) {
    const verified = token.length <= 200 ? verifyGradeToken(ctx.config, token) : null;
    if (!verified) return null;
    const found = await findDeliveryCard(ctx, verified.deliveryLinkId);
    if (found && isAnswerLinkExpired(found.deliveredAt)) return "expired" as const;
    return answerDelivery(ctx, verified.deliveryLinkId, verified.choice, channel);
  }

  function isAnswerLinkExpired(deliveredAt: Date): boolean {
    return ctx.clock.now().getTime() - deliveredAt.getTime() > ANSWER_LINK_LIFETIME_MS;
  }
}

const INVALID_GRADE_LINK_MESSAGE = "This answer link is incomplete, was changed, or its word is gone.";
const EXPIRED_GRADE_LINK_MESSAGE = "This answer link has expired. Answer the word in your reviews.";

/** A browser's form post asks for HTML; only a caller that names JSON (the service worker's fetch) gets it. */
const wantsJson = (accept: string | undefined) => /\bapplication\/json\b/i.test(accept ?? "");

/**
 * The e-mail's "Save to favorites" link: the signed token is the authority (no sign-in, like unsubscribe). GET
 * shows a page with a button, since mail scanners fetch links; its form POSTs (any body: the token is what counts).
 */
function saveLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "string", bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const saveQuery = z.object({ token: z.string().max(200).optional() });

    app.get("/api/save", { schema: { querystring: saveQuery } }, async (request, reply) => {
      const token = request.query.token ?? "";
      reply.header("Cache-Control", "no-store").type("text/html");
      if ((await deliveryOfSaveLink(ctx, token)) === null)
        return reply.status(400).send(invalidSaveLinkPage());
      return reply.send(saveConfirmPage(token));
    });

    app.post(
      "/api/save",
      { schema: { querystring: saveQuery, body: z.record(z.string(), z.string()).nullish() } },
      async (request, reply) => {
        const word = await saveFromEmail(ctx, request.query.token ?? request.body?.token ?? "");
        reply.header("Cache-Control", "no-store").type("text/html");
        if (word === null) return reply.status(400).send(invalidSaveLinkPage());
        return reply.send(savedPage(word));
      },
    );
  };
}
