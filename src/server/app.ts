import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { ROOT_DIR, isSecureUrl, type Config } from "./config";
import type { AppContext } from "./context";
import { adminRoutes } from "./features/admin/routes";
import { authRoutes } from "./features/auth/routes";
import { billingRoutes } from "./features/billing/routes";
import { sandboxRoutes } from "./features/billing/sandbox-routes";
import { devMailboxRoutes, devSmsRoutes } from "./features/dev-mailbox/routes";
import { isDevMailboxEnabled, isDevSmsEnabled } from "./features/dev-mailbox/service";
import { healthRoutes } from "./features/health/routes";
import { phoneRoutes } from "./channels/sms";
import { preferencesRoutes } from "./features/preferences/routes";
import { topicsRoutes } from "./features/topics/routes";
import { deliveryLinkRoutes } from "./features/delivery/routes";
import {
  dailyReviewUnsubscriber,
  exhaustedSubscriptionIds,
  sendDemo,
  verifyDailyReviewUnsubscribeToken,
  verifyUnsubscribeToken,
} from "./features/delivery/service";
import { favoriteRoutes } from "./features/favorites/routes";
import { historyRoutes } from "./features/history/routes";
import { learningRoutes } from "./features/learning/routes";
import { answeringCachedPollsFirst } from "./features/notifications/recent-activity-hits";
import { notificationRoutes, recentActivityRoute } from "./features/notifications/routes";
import { statsRoutes } from "./features/stats/routes";
import { appConfigRoutes } from "./features/app-config/routes";
import { accountRoutes } from "./features/account/routes";
import { feedbackRoutes } from "./features/feedback/routes";
import { teamRoutes } from "./features/teams/routes";
import { testingRoutes } from "./features/testing/routes";
import { subscriptionRoutes } from "./features/subscriptions/routes";
import { onboardingRoutes } from "./features/onboarding/routes";
import { pushRoutes } from "./channels/push";
import { telegramRoutes } from "./channels/telegram";
import {
  firstAnswers,
  firstAnswersBlock,
  offlineReadsBlock,
  withFirstAnswers,
} from "./features/app-pages/first-answers";
import { createModulePreloads, withModulePreloads } from "./features/app-pages/first-load-scripts";
import {
  SCRIPTS_AFTER_PAINT_CSP_SOURCE,
  withScriptsAfterPaint,
} from "./features/app-pages/scripts-after-paint";
import { compressPage } from "./features/app-pages/compress-page";
import { pageCookiesOf } from "@shared/api/page-cookie-values";
import { SERVICE_WORKER_PAGE_HEADER } from "@shared/api/offline-reads-values";
import { createServerPaint } from "./features/app-pages/server-paint";
import { isOnboardingPending } from "./features/auth/user-dto";
import { createIndexHtmlRenderer } from "./features/public-pages/index-html";
import { encodingFor, loadPrerenderedPages, prerenderedPageFor } from "./features/public-pages/prerendered";
import { currentUser } from "./platform/auth/session";
import { registerErrorHandler } from "./platform/http/error-handler";
import { registerOriginCheck } from "./platform/http/origin-check";
import { sharedRateLimitStore } from "./platform/limits/rate-limit-store";
import { EMAIL_LOGO_PATH } from "./platform/mail/templates/layout";

export const CLIENT_DIST_DIR = path.join(ROOT_DIR, process.env.JARGON_DIST ?? "dist", "client");
/** The member screens' painter scripts/build-server-paint.mjs built. */
const SERVER_PAINT_MODULE = path.join(
  ROOT_DIR,
  process.env.JARGON_DIST ?? "dist",
  "server-paint",
  "server-paint.mjs",
);
/** The public pages scripts/prerender.mjs rendered at build time. */
const PUBLIC_PAGES_DIST_DIR = path.join(ROOT_DIR, process.env.JARGON_DIST ?? "dist", "public-pages");

export interface BuildAppOptions {
  /** Serve the built client from dist/client (off in API-only tests and behind `npm run dev`). */
  serveClient?: boolean;
  /** Told about every route as it is registered: the tests read the route table this way (route fuzzer, authorization matrix). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the Fastify application around a context; main.ts and the tests both call this. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    // Forwarded headers count only behind a proxy the operator named (TRUST_PROXY); otherwise any client could
    // pick its own address and walk past the per-IP rate limits.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    // The poll's cache hits are answered before Fastify routes the request (see answeringCachedPollsFirst).
    serverFactory: answeringCachedPollsFirst(ctx),
  }).withTypeProvider<ZodTypeProvider>();

  // Before any plugin, so it sees every route.
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // The most requested route (every open tab polls it every 2 s) reads its cookie and sends its security headers
  // itself, and tells helmet to skip it. Registering it first does not keep later global hooks away in Fastify 5:
  // the cookie plugin's and the origin check's still run for it (a GET passes the origin check).
  await app.register(recentActivityRoute(ctx));

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js and its Elements iframes are the only third-party code the app loads; the one inline script
        // is the loader of a drawn member page's scripts, allowed by its hash.
        scriptSrc: ["'self'", "https://js.stripe.com", SCRIPTS_AFTER_PAINT_CSP_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'", "https://api.stripe.com"],
        frameSrc: ["'self'", "https://js.stripe.com", "https://hooks.stripe.com"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: isSecureUrl(ctx.config.appUrl) ? [] : null,
      },
    },
    hsts: isSecureUrl(ctx.config.appUrl),
    crossOriginEmbedderPolicy: false,
    // Not helmet's "no-referrer": under it browsers send `Origin: null` on same-origin POSTs (the sign-in
    // form, the client's fetches), which the origin check must refuse. This policy still never sends a path
    // (sign-in and unsubscribe tokens) to another site.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  await app.register(cookie, { secret: ctx.config.sessionSecret });
  await app.register(formbody);
  // Counted in the database, so every instance enforces one limit (issue 24).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(ctx) });
  registerOriginCheck(app, ctx.config.appUrl, ["/api/webhooks/", "/api/unsubscribe"]);

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(preferencesRoutes(ctx));
  await app.register(phoneRoutes(ctx));
  await app.register(topicsRoutes(ctx));
  // Subscriptions call the delivery engine through this port; neither imports the other.
  await app.register(
    subscriptionRoutes(ctx, {
      exhaustedSubscriptionIds,
      sendDemo,
      verifyUnsubscribeToken,
      verifyDailyReviewUnsubscribeToken,
      dailyReviewUnsubscriber,
    }),
  );
  await app.register(onboardingRoutes(ctx));
  await app.register(deliveryLinkRoutes(ctx));
  await app.register(notificationRoutes(ctx));
  await app.register(historyRoutes(ctx));
  await app.register(favoriteRoutes(ctx));
  await app.register(statsRoutes(ctx));
  await app.register(learningRoutes(ctx));
  await app.register(billingRoutes(ctx));
  await app.register(sandboxRoutes(ctx));
  await app.register(appConfigRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(feedbackRoutes(ctx));
  await app.register(teamRoutes(ctx));
  await app.register(pushRoutes(ctx));
  await app.register(telegramRoutes(ctx));
  if (isDevMailboxEnabled(ctx.config)) await app.register(devMailboxRoutes(ctx));
  if (isDevSmsEnabled(ctx.config)) await app.register(devSmsRoutes(ctx));
  // Sign-in shortcuts for the browser tests; never present outside NODE_ENV=test.
  if (ctx.config.env === "test") await app.register(testingRoutes(ctx));

  if (options.serveClient && existsSync(path.join(CLIENT_DIST_DIR, "index.html"))) {
    await registerClient(app, ctx);
  }
  return app;
}

/** A hop count trusts that many proxies nearest to us (Fastify's types take it as a function). */
function trustProxyOption(
  setting: Config["trustProxy"],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === "number" ? (_address, hop) => hop < setting : setting;
}

/**
 * Hashed assets are cached for a year. The service worker is revalidated on every check: a cached copy would hold
 * back every fix to it (and to the precached shell it names) for as long as it lived.
 */
function cacheControlFor(filePath: string): string {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return "public, max-age=31536000, immutable";
  if (servedName(filePath) === "sw.js") return "no-cache";
  return "public, max-age=300";
}

/** The file a request named: `sw.js` also when its precompressed twin `sw.js.br` is what goes out. */
const servedName = (filePath: string) => path.basename(filePath).replace(/\.(br|gz)$/, "");

/**
 * Serves the built client: hashed assets cached for a year; for a signed-out visitor, a public page's prerendered
 * HTML; otherwise index.html (the SPA), for every other page path and for every signed-in member.
 */
async function registerClient(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Public pages get their own title, description and Open Graph tags for crawlers that run no script.
  const template = readFileSync(path.join(CLIENT_DIST_DIR, "index.html"), "utf8");
  const indexHtmlFor = createIndexHtmlRenderer(template, ctx.config.appUrl);
  const prerendered = loadPrerenderedPages(PUBLIC_PAGES_DIST_DIR, ctx.config);
  const modulePreloadsFor = createModulePreloads(path.join(CLIENT_DIST_DIR, "..", "first-load-scripts.json"));
  const paintScreen = await createServerPaint(SERVER_PAINT_MODULE, app.log);
  await app.register(fastifyStatic, {
    root: CLIENT_DIST_DIR,
    wildcard: false,
    index: false,
    // scripts/compress-client.mjs writes .br/.gz twins at build time; they are sent when the browser accepts them.
    preCompressed: true,
    // Source maps stay on disk (for error tracking) and are never sent: they would publish the client's source.
    allowedPath: (pathName) => !pathName.endsWith(".map"),
    setHeaders: (res, filePath) => {
      res.header("Cache-Control", cacheControlFor(filePath));
      if (servedName(filePath).endsWith(".webmanifest"))
        res.header("Content-Type", "application/manifest+json");
      // The e-mails' logo is loaded by mail clients from their own origin (webmail, image proxies): helmet's
      // same-origin resource policy would block it there.
      if (servedName(filePath) === EMAIL_LOGO_PATH)
        res.header("Cross-Origin-Resource-Policy", "cross-origin");
    },
  });
  // A catch-all GET route rather than a second not-found handler (the error handler owns that one).
  app.get("/*", async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage = !pathname.startsWith("/api/") && !path.extname(pathname);
    if (!isPage) {
      return reply
        .status(404)
        .send({ message: `No route for ${request.method} ${pathname}`, code: "NOT_FOUND" });
    }
    // The answer depends on the session cookie: never reuse it without asking, and tell caches it varies.
    reply
      .header("Cache-Control", "no-cache")
      .header("Vary", "Cookie, Accept-Encoding")
      .type("text/html; charset=utf-8");
    const page = prerenderedPageFor(prerendered, pathname, new URLSearchParams(request.url.split("?")[1]));
    const user = await currentUser(ctx, request);
    // A signed-in member's "/" is the dashboard, and the public pages show the app's header: the SPA for them.
    if (page && !user) {
      const encoding = encodingFor(request.headers["accept-encoding"]);
      if (encoding) reply.header("Content-Encoding", encoding);
      return reply.send(encoding ? page[encoding] : page.html);
    }
    // The SPA decides which screen (or its 404 screen) a path shows; a member's page carries its first answers.
    if (!user) return reply.send(indexHtmlFor(pathname));
    const onboardingPending = isOnboardingPending(user);
    const member = { onboardingPending, timeZone: user.timeZone };
    const answers = await firstAnswers(app, request, pathname, member);
    const html = withModulePreloads(indexHtmlFor(pathname), modulePreloadsFor(pathname, onboardingPending));
    // A screen drawn on the server carries its reads' results instead of the answers (the drawing took them).
    const painted = await paintScreen(
      request.url,
      { ...member, pageCookies: pageCookiesOf(request.cookies) },
      answers,
    );
    // A page the service worker asked for also carries the answers it keeps for offline use (src/client/sw.ts).
    const forServiceWorker = request.headers[SERVICE_WORKER_PAGE_HEADER] !== undefined;
    const workerBlock = forServiceWorker ? offlineReadsBlock(answers) : "";
    const memberPage = painted
      ? withFirstAnswers(withScriptsAfterPaint(html), painted.stateBlock + workerBlock, painted.html)
      : withFirstAnswers(html, firstAnswersBlock(answers) + workerBlock);
    reply
      .header("Cache-Control", "private, no-cache")
      .header("Vary", `Cookie, Accept-Encoding, ${SERVICE_WORKER_PAGE_HEADER}`);
    const encoding = encodingFor(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(memberPage);
    return reply.header("Content-Encoding", encoding).send(await compressPage(memberPage, encoding));
  });
}
