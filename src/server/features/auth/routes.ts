import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  loginEmailRequestSchema,
  signInLinkConfirmSchema,
  timeZoneRequestSchema,
  userSchema,
} from "@shared/api/auth";
import { errorBodySchema } from "@shared/api/common";
import { isSecureUrl } from "@server/config";
import type { AppContext } from "@server/context";
import { invalidateRecentActivity } from "../notifications/service";
import { createSession, endSession, requireUser, setSessionCookie } from "@server/platform/auth/session";
import { AppError } from "@server/platform/errors/app-error";
import { isThisMachineRequest } from "@server/platform/http/loopback";
import { smallPage } from "@server/platform/http/small-page";
import { isDevMailboxEnabled } from "../dev-mailbox/service";
import {
  LOGIN_ERRORS,
  LOGIN_PAGE_SCRIPT,
  isLoginErrorCode,
  renderLoginMessagePage,
  renderLoginPage,
  type LoginErrorCode,
} from "./login-page";
import { OidcClient } from "./oidc";
import { inspectSignInLink, redeemSignInLink, rememberTimeZone, sendSignInLink, upsertUser } from "./service";
import { toUserDto } from "./user-dto";

/** Per-IP ceiling on sign-in e-mails (the per-address ceiling lives in the service, in the database). */
export const LOGIN_EMAILS_PER_IP = { max: 30, timeWindow: "15 minutes" };

/**
 * The address the form's own redirect names on the "check your e-mail" page (signed, short-lived), masked: a
 * cookie is readable by whoever holds the browser or its traffic logs, so it holds "a…@example.com", never the
 * address (issue 24).
 */
const SENT_TO_COOKIE = "jargon_login_sent";
const sentToCookieOptions = (appUrl: string) => ({
  path: "/api/login",
  httpOnly: true,
  sameSite: "lax" as const,
  secure: isSecureUrl(appUrl),
  signed: true,
  maxAge: 15 * 60,
});

/** "a…@example.com": enough for a person to spot a typo in the domain, not the address itself. */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}…${email.slice(at)}`;
};

const loginQuerySchema = z.object({
  // Any other value is ignored rather than refused: an old or mangled link still shows the sign-in form.
  sent: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
});

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const oidc = ctx.config.oidc ? new OidcClient(ctx.config) : undefined;

    app.get("/api/login", { schema: { querystring: loginQuerySchema } }, async (request, reply) => {
      if (oidc) {
        try {
          return reply.redirect(await oidc.start(reply));
        } catch (error) {
          request.log.error({ err: error }, "OIDC discovery failed");
          return reply
            .status(503)
            .type("text/html")
            .send(
              renderLoginMessagePage(
                "We couldn't reach your account provider. Please try again in a minute.",
              ),
            );
        }
      }
      reply.header("Cache-Control", "no-store");
      if (request.query.sent !== undefined) {
        const signed = request.cookies[SENT_TO_COOKIE];
        const unsigned = signed ? request.unsignCookie(signed) : undefined;
        const mailboxUrl =
          isDevMailboxEnabled(ctx.config) && isThisMachineRequest(request, ctx.config)
            ? "/dev/mailbox"
            : undefined;
        return reply.type("text/html").send(
          renderLoginPage({
            view: "sent",
            ...(unsigned?.valid && unsigned.value ? { email: unsigned.value } : {}),
            ...(mailboxUrl ? { mailboxUrl } : {}),
          }),
        );
      }
      const error = isLoginErrorCode(request.query.error) ? request.query.error : undefined;
      return reply.type("text/html").send(renderLoginPage({ view: "form", ...(error ? { error } : {}) }));
    });

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
          if (fromForm) return reply.redirect(loginErrorUrl("invalid_email"), 303);
          const message = parsed.error.issues[0]?.message ?? LOGIN_ERRORS.invalid_email;
          throw new AppError(400, message, "VALIDATION_ERROR");
        }
        try {
          await sendSignInLink(ctx, parsed.data.email, parsed.data.timeZone);
        } catch (error) {
          if (fromForm && error instanceof AppError && error.status === 429) {
            return reply.redirect(loginErrorUrl("rate_limited"), 303);
          }
          throw error;
        }
        if (fromForm) {
          reply.setCookie(
            SENT_TO_COOKIE,
            maskEmail(parsed.data.email),
            sentToCookieOptions(ctx.config.appUrl),
          );
          return reply.redirect("/api/login?sent=1", 303);
        }
        return reply.status(204).send();
      },
    );

    const tokenSchema = z.string().min(1).max(200);

    // Mail scanners open links before people do: GET only shows a page, whose button spends the link by POST.
    app.get(
      "/api/login/email/verify",
      { schema: { querystring: z.object({ token: tokenSchema.optional() }) } },
      async (request, reply) => {
        reply.header("Cache-Control", "no-store");
        const token = request.query.token;
        const link = token ? await inspectSignInLink(ctx, token) : null;
        if (!token || !link) {
          return reply
            .status(400)
            .type("text/html")
            .send(renderLoginPage({ view: "form", error: "link_expired" }));
        }
        return reply
          .type("text/html")
          .send(renderLoginPage({ view: "confirm", token, askFirstName: link.createsAccount }));
      },
    );

    app.post(
      "/api/login/email/verify",
      { schema: { body: signInLinkConfirmSchema } },
      async (request, reply) => {
        const user = await redeemSignInLink(ctx, request.body.token, request.body.firstName);
        if (!user) return reply.redirect(loginErrorUrl("link_expired"), 303);
        setSessionCookie(ctx, reply, await createSession(ctx, user.id));
        return reply.redirect("/", 303);
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
        // Our own errors and the flow's plain ones carry a message written for people; the library's do not.
        const message =
          error instanceof AppError || (error instanceof Error && !("code" in error))
            ? error.message
            : "Sign-in failed.";
        return reply.status(400).type("text/html").send(renderLoginMessagePage(message));
      }
    });

    const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
      const userId = await endSession(ctx, request, reply);
      // The session's cached notification list must not outlive it, in any process.
      if (userId) await invalidateRecentActivity(ctx, [userId]);
    };

    // The spec's sign-out is a navigation to /api/logout. It signs out only when the browser says the navigation
    // came from our own pages or from the person (typed, bookmarked); a link or image on another site gets a page
    // whose button POSTs, so no other site can sign anyone out (issue 24).
    app.get("/api/logout", async (request, reply) => {
      const site = request.headers["sec-fetch-site"];
      if (site !== "same-origin" && site !== "none") {
        return reply.header("Cache-Control", "no-store").type("text/html").send(renderSignOutPage());
      }
      await signOut(request, reply);
      return reply.redirect("/");
    });

    // The sign-out page's button (the origin check refuses another site's POST).
    app.post("/api/logout", async (request, reply) => {
      await signOut(request, reply);
      return reply.redirect("/", 303);
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

function renderSignOutPage(): string {
  return smallPage(
    "Sign out?",
    `<form method="post" action="/api/logout"><button type="submit">Sign out of Jargon</button></form>
<p class="muted">Or <a href="/">go back to Jargon</a> and stay signed in.</p>`,
  );
}

const loginErrorUrl = (code: LoginErrorCode) => `/api/login?error=${code}`;
