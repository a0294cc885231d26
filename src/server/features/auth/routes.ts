import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { loginEmailRequestSchema, timeZoneRequestSchema, userSchema } from "../../../shared/api/auth";
import { errorBodySchema } from "../../../shared/api/common";
import type { AppContext } from "../../context";
import { invalidateRecentActivity } from "../notifications/recent-activity-sync";
import { createSession, endSession, requireUser, setSessionCookie } from "../../platform/auth/session";
import { AppError } from "../../platform/errors/app-error";
import { isDevMailboxEnabled } from "../dev-mailbox/routes";
import { LOGIN_PAGE_SCRIPT, renderLoginPage, type LoginPageState } from "./login-page";
import { OidcClient } from "./oidc";
import { redeemSignInLink, rememberTimeZone, sendSignInLink, upsertUser } from "./service";
import { toUserDto } from "./user-dto";

/** Per-IP ceiling on sign-in e-mails (the per-address ceiling lives in the service, in the database). */
const LOGIN_EMAILS_PER_IP = { max: 30, timeWindow: "15 minutes" };

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const oidc = ctx.config.oidc ? new OidcClient(ctx.config) : undefined;
    const mailboxUrl = isDevMailboxEnabled(ctx.config) ? "/dev/mailbox" : undefined;

    const loginPage = (state: LoginPageState) => renderLoginPage({ ...state, mailboxUrl });

    app.get(
      "/api/login",
      {
        schema: {
          querystring: z.object({ sent: z.string().optional(), error: z.string().optional() }).partial(),
        },
      },
      async (request, reply) => {
        if (oidc) {
          try {
            return reply.redirect(await oidc.start(reply));
          } catch (error) {
            request.log.error({ err: error }, "OIDC discovery failed");
            return reply
              .status(503)
              .type("text/html")
              .send(loginErrorPage("We couldn't reach your account provider. Please try again in a minute."));
          }
        }
        reply.header("Cache-Control", "no-store");
        return reply
          .type("text/html")
          .send(loginPage({ sentTo: request.query.sent, error: request.query.error }));
      },
    );

    app.get("/api/login/sign-in.js", async (_request, reply) =>
      reply.type("text/javascript").header("Cache-Control", "public, max-age=3600").send(LOGIN_PAGE_SCRIPT),
    );

    app.post(
      "/api/login/email",
      {
        config: { rateLimit: LOGIN_EMAILS_PER_IP },
        schema: { body: z.record(z.string(), z.unknown()) },
      },
      async (request, reply) => {
        const fromForm =
          request.headers["content-type"]?.startsWith("application/x-www-form-urlencoded") ?? false;
        const parsed = loginEmailRequestSchema.safeParse({
          ...request.body,
          timeZone: request.body.timeZone || undefined,
        });
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? "Please enter a valid e-mail address";
          if (fromForm) return reply.redirect(`/api/login?error=${encodeURIComponent(message)}`, 303);
          throw new AppError(400, message, "VALIDATION_ERROR");
        }
        try {
          await sendSignInLink(ctx, parsed.data.email, parsed.data.timeZone);
        } catch (error) {
          if (fromForm && error instanceof AppError) {
            return reply.redirect(`/api/login?error=${encodeURIComponent(error.message)}`, 303);
          }
          throw error;
        }
        if (fromForm) return reply.redirect(`/api/login?sent=${encodeURIComponent(parsed.data.email)}`, 303);
        return reply.status(204).send();
      },
    );

    app.get(
      "/api/login/email/verify",
      { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
      async (request, reply) => {
        const user = request.query.token ? await redeemSignInLink(ctx, request.query.token) : null;
        if (!user) {
          return reply
            .status(400)
            .type("text/html")
            .send(
              loginPage({
                error:
                  "This sign-in link has expired or was already used. Enter your e-mail to get a new one.",
              }),
            );
        }
        setSessionCookie(ctx, reply, await createSession(ctx, user.id));
        return reply.redirect("/");
      },
    );

    app.get("/api/callback", async (request, reply) => {
      if (!oidc) return reply.redirect("/api/login");
      try {
        const claims = await oidc.finish(request, reply);
        const user = await upsertUser(ctx, claims);
        setSessionCookie(ctx, reply, await createSession(ctx, user.id));
        return reply.redirect("/");
      } catch (error) {
        request.log.warn({ err: error }, "OIDC callback failed");
        const message = error instanceof Error && !("code" in error) ? error.message : "Sign-in failed.";
        return reply.status(400).type("text/html").send(loginErrorPage(message));
      }
    });

    app.get("/api/logout", async (request, reply) => {
      const userId = await endSession(ctx, request, reply);
      // The session's cached notification list must not outlive it, in any process.
      if (userId) await invalidateRecentActivity(ctx, [userId]);
      return reply.redirect("/");
    });

    app.get(
      "/api/auth/user",
      { schema: { response: { 200: userSchema, 401: errorBodySchema } } },
      async (request) => toUserDto(await requireUser(ctx, request)),
    );

    app.post("/api/auth/time-zone", { schema: { body: timeZoneRequestSchema } }, async (request, reply) => {
      const user = await requireUser(ctx, request);
      await rememberTimeZone(ctx, user.id, request.body.timeZone);
      return reply.status(204).send();
    });
  };
}

function loginErrorPage(message: string): string {
  return renderLoginPage({ error: `${message}` }).replace(
    /<form[\s\S]*<\/form>/,
    '<p><a href="/api/login">Try signing in again</a></p>',
  );
}
